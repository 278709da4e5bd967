import { ADMIN_ROUTES } from '@cms/rights';
import type { Lang } from '@cms/contracts';
import { STAFF_BAR_TEMPLATE_ID, STAFF_EDIT_LINK_ATTR } from '../../shared/dom-contract';
import { messagesFor } from '../i18n/messages';

/**
 * The staff bar's markup, the same in every copy of the page: the client script shows it only to
 * a signed-in user with rights, and its edit link only to one who may edit what the page shows.
 */
export function StaffBarTemplate({ locale }: { locale: Lang }) {
  const m = messagesFor(locale).staff;
  return (
    <template id={STAFF_BAR_TEMPLATE_ID}>
      <div className="staff-bar" role="region" aria-label={m.label}>
        <a className="staff-bar__link" href={ADMIN_ROUTES.settings}>
          {m.backOffice}
        </a>
        <a className="staff-bar__link staff-bar__edit" href={ADMIN_ROUTES.settings} hidden {...{ [STAFF_EDIT_LINK_ATTR]: '' }}>
          {m.edit}
        </a>
      </div>
    </template>
  );
}
