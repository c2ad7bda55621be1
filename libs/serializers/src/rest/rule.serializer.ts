import { Rule } from '@nestodon/domain';

export interface RuleJson {
  id: string;
  text: string;
  hint: string;
  translations: Record<string, { text: string; hint: string }>;
}

export const serializeRule = (rule: Rule): RuleJson => ({
  id: rule.id,
  text: rule.text,
  hint: rule.hint,
  translations: {},
});
