import type { ReactNode } from 'react';

/**
 * The page frame: the header slot (the site's bar, then the layout's HEADER sections), the main
 * content, and the footer slot (the layout's FOOTER sections, then the site's footer).
 */
export function SiteLayout({ skipLabel, header, footer, children }: { skipLabel: string; header: ReactNode; footer?: ReactNode; children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        {skipLabel}
      </a>
      {header}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {footer}
    </>
  );
}
