import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { RequestWithAuth } from '@nestodon/auth';
import { Moderator, moderatorOf } from '@nestodon/core';

/** The signed-in staff member of an admin route (which requires a user and a permission). */
export const CurrentModerator = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Moderator =>
    moderatorOf(context.switchToHttp().getRequest<RequestWithAuth>().auth!.user!),
);
