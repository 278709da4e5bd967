import type { Lang, RightType } from '@cms/contracts';

/** Who made the request, as the global guard resolved it from the token. */
export interface AuthContext {
  userId: number;
  loginId: number;
  sessionId: string;
  name: string;
  email: string;
  role: string;
  rights: RightType[];
  /** The user's chosen interface language (for an API token, its creator's); null when none is chosen. */
  language: Lang | null;
  /**
   * Set when the caller is an API token rather than a session: `userId`, `loginId` and `email` are
   * then its creator's, `name` says "Ann (via token "build")", `role` is the token's role and
   * `rights` that role's rights within the creator's, and `sessionId` is ''.
   */
  apiToken?: { id: number; name: string };
}

export interface RequestWithAuth {
  auth?: AuthContext;
  /** A PUT by a caller who may update the record but not view it: its answer is `{ id }` only (session-answers.ts). */
  answerIdOnly?: boolean;
}
