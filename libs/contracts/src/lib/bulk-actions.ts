import type { Status } from './enums';

/** What POST /api/contents/bulk-actions does to the contents it names (`undo` puts back what one of them changed). */
export const CONTENT_BULK_ACTIONS = ['publish', 'unpublish', 'status', 'move', 'undo'] as const;
export type ContentBulkAction = (typeof CONTENT_BULK_ACTIONS)[number];

/** Most contents one bulk action takes (more: 400); the back office selects a page of the list at most. */
export const BULK_ACTION_MAX_IDS = 200;

/** A content as it was before a bulk action, and the version the action left it at: what its undo puts back, if nothing changed it since. */
export interface BulkUndoItem {
  id: number;
  /** The content's latest version once the action was done: the undo is refused for a content with a later one. */
  version: number;
  published: boolean;
  status: Status;
  containerId: number;
}

/** POST /api/contents/bulk-actions */
export interface ContentBulkActionRequest {
  action: ContentBulkAction;
  /** The contents (not with `undo`). */
  ids?: number[];
  /** `status`: the status they take. */
  status?: Status;
  /** `move`: the container they go to. */
  containerId?: number;
  /** `undo`: the `undo` list a bulk action answered. */
  undo?: BulkUndoItem[];
}

/** What a bulk action answers: the contents it changed (those already so are left alone) and how to undo it. */
export interface ContentBulkActionResult {
  action: ContentBulkAction;
  count: number;
  /** The contents changed. */
  ids: number[];
  /** The contents that were already as asked, untouched. */
  unchanged: number[];
  /** Send back as `{ action: 'undo', undo }` to put them back as they were (empty after an undo). */
  undo: BulkUndoItem[];
}

/** One content a bulk action refused, and why. */
export interface BulkRecordError {
  id: number;
  message: string;
}
