import { Lang } from '@cms/contracts';
import { createContext, useContext } from 'react';

/** The locale the edited sections are in: links offer that locale's addresses of the pages. */
export const BlockLocaleContext = createContext<Lang>(Lang.en);
export const useBlockLocale = () => useContext(BlockLocaleContext);
