import { FAVICON_SETTING_NAME, LOGO_SETTING_NAME, MEDIA_REFERENCE_KEY } from '@cms/contracts';
import type { EntityManager } from 'typeorm';
import { fieldsShowingMedia } from '../contents/content-fields.service';
import { Element } from '../elements/element.entity';
import { Section } from '../sections/section.entity';
import { Setting } from '../settings/setting.entity';

/** At most this many places are named in a 409. */
const SHOWN = 10;

/** JSON path matching `{ "mediaId": <id> }` at any depth of a block's content. */
const REFERENCE_PATH = `$.** ? (@.${MEDIA_REFERENCE_KEY} == $id)`;

/**
 * Where a media is used, in words a person can act on: content fields (ContentField.mediaId),
 * sections and reusable elements whose content holds `mediaId` at any depth, and the favicon
 * setting. Empty when it is used nowhere.
 */
export async function findMediaUsages(manager: EntityManager, mediaId: number): Promise<string[]> {
  // One after the other: inside a transaction they share one connection.
  const fields = await fieldsShowingMedia(manager, mediaId, SHOWN);
  const sections = await manager
    .getRepository(Section)
    .createQueryBuilder('section')
    .select(['section.id', 'section.type', 'section.lang', 'section.containerId', 'section.contentId'])
    .where(`jsonb_path_exists(section.content, '${REFERENCE_PATH}', jsonb_build_object('id', CAST(:mediaId AS int)))`, { mediaId })
    .orderBy('section.id')
    .limit(SHOWN)
    .getMany();
  const elements = await manager
    .getRepository(Element)
    .createQueryBuilder('element')
    .select(['element.id', 'element.title'])
    .where(`jsonb_path_exists(element.content, '${REFERENCE_PATH}', jsonb_build_object('id', CAST(:mediaId AS int)))`, { mediaId })
    .orderBy('element.id')
    .limit(SHOWN)
    .getMany();
  const siteImages = await manager
    .getRepository(Setting)
    .createQueryBuilder('setting')
    .select(['setting.name'])
    .where('setting.name IN (:...names)', { names: [FAVICON_SETTING_NAME, LOGO_SETTING_NAME] })
    .andWhere(`setting.value #>> '{}' = :id`, { id: String(mediaId) })
    .getMany();
  const favicon = siteImages.some((s) => s.name === FAVICON_SETTING_NAME);
  const logo = siteImages.some((s) => s.name === LOGO_SETTING_NAME);
  const usages = [
    ...fields.map((f) => `content ${f.contentId} (field "${f.name}", ${f.lang})`),
    ...sections.map(
      (s) =>
        `section ${s.id} (${s.type} ${s.contentId ? `of content ${s.contentId}` : s.containerId ? `of container ${s.containerId}` : 'of the layout'}, ${s.lang})`,
    ),
    ...elements.map((e) => `element ${e.id} "${e.title}"`),
  ];
  if (favicon) usages.push(`the site favicon (setting ${FAVICON_SETTING_NAME})`);
  if (logo) usages.push(`the site logo (setting ${LOGO_SETTING_NAME})`);
  return usages;
}
