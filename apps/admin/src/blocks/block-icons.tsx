import Article from '@mui/icons-material/Article';
import Campaign from '@mui/icons-material/Campaign';
import Checklist from '@mui/icons-material/Checklist';
import Image from '@mui/icons-material/Image';
import Menu from '@mui/icons-material/Menu';
import SpaceDashboard from '@mui/icons-material/SpaceDashboard';
import TextFields from '@mui/icons-material/TextFields';
import ViewModule from '@mui/icons-material/ViewModule';
import ViewQuilt from '@mui/icons-material/ViewQuilt';
import Widgets from '@mui/icons-material/Widgets';
import type { SvgIconComponent } from '@mui/icons-material';
import { BLOCKS, type BlockName } from '@cms/contracts';
import { useTranslate } from 'react-admin';

const ICONS: Partial<Record<BlockName, SvgIconComponent>> = {
  richtext: TextFields,
  hero: SpaceDashboard,
  media: Image,
  form: Article,
  element: Widgets,
  contents: ViewModule,
  cta: Campaign,
  'feature-list': Checklist,
  navigation: Menu,
};

/** A block's icon; a block new to the registry gets a generic one. */
export function BlockIcon({ block, fontSize = 'small' }: { block: string; fontSize?: 'small' | 'medium' | 'large' }) {
  const Icon = ICONS[block as BlockName] ?? ViewQuilt;
  return <Icon fontSize={fontSize} color="action" />;
}

/** A block's name in the reader's language (the registry's label for a block the catalogs lack). */
export function useBlockName() {
  const translate = useTranslate();
  return (block: string) => translate(`cms.blocks.names.${block}`, { _: (BLOCKS as Record<string, { label: string }>)[block]?.label ?? block });
}
