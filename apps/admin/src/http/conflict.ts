/**
 * A save refused because someone else saved the record since it was read: the API answers 409
 * with `code: 'changed'`, who changed it, when, and the version they made.
 */
export interface EditConflict {
  changedBy: { userId: number | null; userName: string };
  changedAt: string;
  versionId: number;
}

/** The conflict an error reports, or null when the error is anything else (a 409 on a unique slug is not one). */
export function conflictOf(error: unknown): EditConflict | null {
  if (!error || typeof error !== 'object') return null;
  const { status, body } = error as { status?: unknown; body?: unknown };
  if (status !== 409 || !body || typeof body !== 'object') return null;
  const answer = body as { code?: unknown; changedBy?: unknown; changedAt?: unknown; versionId?: unknown };
  if (answer.code !== 'changed') return null;
  const by = (answer.changedBy && typeof answer.changedBy === 'object' ? answer.changedBy : {}) as { userId?: unknown; userName?: unknown };
  return {
    changedBy: { userId: typeof by.userId === 'number' ? by.userId : null, userName: typeof by.userName === 'string' ? by.userName : '' },
    changedAt: typeof answer.changedAt === 'string' ? answer.changedAt : '',
    versionId: typeof answer.versionId === 'number' ? answer.versionId : Number(answer.versionId),
  };
}
