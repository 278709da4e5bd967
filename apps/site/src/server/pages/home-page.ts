import { LANGS, SIGN_IN_PATH, type Lang } from '@cms/contracts';
import { messagesFor } from '../i18n/messages';
import type { HeroContent } from '../render/sections/HeroSection';
import type { FeatureListContent } from '../render/sections/FeatureListSection';
import type { CallToActionContent } from '../render/sections/CallToActionSection';
import type { PageModel } from './page-model';

/** The home page shown until the content model provides one. */
export function homePage(locale: Lang): PageModel {
  const m = messagesFor(locale);
  const hero: HeroContent = {
    eyebrow: m.home.eyebrow,
    title: m.home.welcome,
    text: m.home.intro,
    action: { label: m.home.openBackOffice, href: SIGN_IN_PATH },
  };
  const features: FeatureListContent = { title: m.home.featuresTitle, items: m.home.features };
  const callToAction: CallToActionContent = {
    title: m.home.ctaTitle,
    text: m.home.ctaText,
    action: { label: m.home.ctaAction, href: SIGN_IN_PATH },
  };
  return {
    locale,
    path: '',
    title: m.home.welcome,
    description: m.home.intro,
    locales: LANGS,
    sections: [
      { id: 'welcome', block: 'hero', theme: 'white', content: hero },
      { id: 'features', block: 'feature-list', theme: 'black', content: features },
      { id: 'get-started', block: 'cta', theme: 'grey', content: callToAction },
    ],
  };
}
