import { SetMetadata } from '@nestjs/common';

export const NOT_AUDITED = 'cms:not-audited';

/**
 * The audit interceptor leaves this write handler alone: either the handler records its own
 * entries (sign-in, whose failures the interceptor never sees), or the call changes no data worth
 * an entry (a presence heartbeat).
 */
export const NotAudited = () => SetMetadata(NOT_AUDITED, true);
