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
}
