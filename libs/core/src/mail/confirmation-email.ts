import { escapeHtml } from '@nestodon/text';
import { OutgoingMail } from './mailer';

export interface ConfirmationEmailInput {
  to: string;
  username: string;
  instanceTitle: string;
  domain: string;
  confirmationUrl: string;
  /** The user is confirmed already and is changing the address. */
  reconfirmation: boolean;
}

export { escapeHtml };

/** The e-mail with the confirmation link: plain text and simple HTML, no external assets. */
export function renderConfirmationEmail(input: ConfirmationEmailInput): OutgoingMail {
  const intro = input.reconfirmation
    ? `You asked to change the e-mail address of @${input.username} on ${input.instanceTitle} (${input.domain}) to this one.`
    : `Someone, hopefully you, signed up as @${input.username} on ${input.instanceTitle} (${input.domain}) with this e-mail address.`;
  const action = 'To confirm the address, open this link:';
  const outro = input.reconfirmation
    ? 'If you did not ask for this, ignore this message and nothing will change.'
    : 'If you did not sign up, ignore this message and the account stays inactive.';
  const subject = input.reconfirmation
    ? `Confirm your new e-mail address on ${input.instanceTitle}`
    : `Confirm your e-mail address on ${input.instanceTitle}`;

  const text = [
    `Hello @${input.username},`,
    '',
    intro,
    action,
    '',
    input.confirmationUrl,
    '',
    outro,
    '',
    `-- ${input.instanceTitle}`,
    '',
  ].join('\n');

  const url = escapeHtml(input.confirmationUrl);
  const html = `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: sans-serif; line-height: 1.5; color: #222;">
<p>Hello @${escapeHtml(input.username)},</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(action)}</p>
<p><a href="${url}" style="display: inline-block; padding: 8px 16px; background: #563acc; color: #fff; text-decoration: none; border-radius: 4px;">Confirm e-mail address</a></p>
<p style="font-size: 0.9em;">Or copy this address into your browser:<br>${url}</p>
<p>${escapeHtml(outro)}</p>
<p>&mdash; ${escapeHtml(input.instanceTitle)}</p>
</body>
</html>
`;
  return { to: input.to, subject, text, html };
}
