import type { RightType } from '@cms/contracts';

/** Who made the request, as the global guard resolved it from the token. */
export interface AuthContext {
  userId: number;
  loginId: number;
  sessionId: string;
  name: string;
  email: string;
  role: string;
  rights: RightType[];
}

export interface RequestWithAuth {
  auth?: AuthContext;
  /** A PUT by a caller who may update the record but not view it: its answer is `{ id }` only (session-answers.ts). */
  answerIdOnly?: boolean;
}
