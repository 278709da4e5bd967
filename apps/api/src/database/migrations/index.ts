import { InitialSchema1795318537000 } from './1795318537000-initial-schema';
import { SuperAdminRoleAndSignInLimits1795318538000 } from './1795318538000-super-admin-role-and-sign-in-limits';
import { MailOutboxAndFormSubmissionLimits1795319869073 } from './1795319869073-mail-outbox-and-form-submission-limits';
import { ContentFullTextSearch1795320189903 } from './1795320189903-content-full-text-search';
import { ContentCounts1795320762865 } from './1795320762865-content-counts';
import { ContentListIndex1795334105829 } from './1795334105829-content-list-index';
import { ContentDocuments1795334105830 } from './1795334105830-content-documents';
import { ContentListVersion1795420000000 } from './1795420000000-content-list-version';
import { SessionLastUsed1795430000000 } from './1795430000000-session-last-used';
import { ContentListCounts1795440000000 } from './1795440000000-content-list-counts';
import { ContentHotRowsAtCommit1795440000001 } from './1795440000001-content-hot-rows-at-commit';
import { ContainerSectionsPosition1795559668104 } from './1795559668104-container-sections-position';
import { ContentFieldItemInlined1795600000000 } from './1795600000000-content-field-item-inlined';
import { ContentDocumentMerged1795700000000 } from './1795700000000-content-document-merged';
import { ContentDocumentWrittenOnce1795700000001 } from './1795700000001-content-document-written-once';
import { AccessRoleRestrict1795714383160 } from './1795714383160-access-role-restrict';
import { DropUnusedContentCountFunctions1795714577965 } from './1795714577965-drop-unused-content-count-functions';
import { ContentDrafts1795737431000 } from './1795737431000-content-drafts';
import { ContainerDrafts1795738668000 } from './1795738668000-container-drafts';
import { RecordVersions1795749467000 } from './1795749467000-record-versions';
import { UpdatedBy1795749530384 } from './1795749530384-updated-by';
import { AuditEntries1795749624000 } from './1795749624000-audit-entries';
import { Redirects1795761487000 } from './1795761487000-redirects';
import { ContentTranslationSources1795761786000 } from './1795761786000-content-translation-sources';
import { SlugPaths1795762260000 } from './1795762260000-slug-paths';
import { ApiTokens1795773903000 } from './1795773903000-api-tokens';
import { Webhooks1795773964000 } from './1795773964000-webhooks';
import { ContentFieldValueIndexes1795774018000 } from './1795774018000-content-field-value-indexes';
import { PasswordResets1795785938641 } from './1795785938641-password-resets';
import { Invitations1795786532310 } from './1795786532310-invitations';
import { TwoFactor1795787579804 } from './1795787579804-two-factor';
import { UserLanguage1795799578384 } from './1795799578384-user-language';
import { ContentWriteCosts1795806000000 } from './1795806000000-content-write-costs';

/** In the order they run. */
export const MIGRATIONS = [
  InitialSchema1795318537000,
  SuperAdminRoleAndSignInLimits1795318538000,
  MailOutboxAndFormSubmissionLimits1795319869073,
  ContentFullTextSearch1795320189903,
  ContentCounts1795320762865,
  ContentListIndex1795334105829,
  ContentDocuments1795334105830,
  ContentListVersion1795420000000,
  SessionLastUsed1795430000000,
  ContentListCounts1795440000000,
  ContentHotRowsAtCommit1795440000001,
  ContainerSectionsPosition1795559668104,
  ContentFieldItemInlined1795600000000,
  ContentDocumentMerged1795700000000,
  ContentDocumentWrittenOnce1795700000001,
  AccessRoleRestrict1795714383160,
  DropUnusedContentCountFunctions1795714577965,
  ContentDrafts1795737431000,
  ContainerDrafts1795738668000,
  RecordVersions1795749467000,
  UpdatedBy1795749530384,
  AuditEntries1795749624000,
  Redirects1795761487000,
  ContentTranslationSources1795761786000,
  SlugPaths1795762260000,
  ApiTokens1795773903000,
  Webhooks1795773964000,
  ContentFieldValueIndexes1795774018000,
  PasswordResets1795785938641,
  Invitations1795786532310,
  TwoFactor1795787579804,
  UserLanguage1795799578384,
  ContentWriteCosts1795806000000,
];
