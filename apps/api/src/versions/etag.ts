import type { FastifyReply } from 'fastify';
import type { VersionedResource, VersionsService } from './versions.service';

/**
 * Answers `read` with the record's ETag (its latest version): the back office sends it back as
 * If-Match on its next PUT, which is a 409 when someone saved the record in between.
 */
export async function withEtag<T>(res: FastifyReply, versions: VersionsService, resource: VersionedResource, id: number, read: Promise<T>): Promise<T> {
  const [answer, etag] = await Promise.all([read, versions.etag(resource, id)]);
  void res.header('ETag', etag);
  return answer;
}

/** How the routes that answer a record's version document it: a write answers the new one. */
export const VERSION_ETAG_HEADER = {
  ETag: { description: 'The record’s latest version, for If-Match on its next PUT', schema: { type: 'string', example: '"v12"' } },
};
