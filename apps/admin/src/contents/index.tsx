import Article from '@mui/icons-material/Article';
import { ContentCreate } from './ContentCreate';
import { ContentEdit } from './ContentEdit';
import { ContentList } from './ContentList';

export default {
  list: ContentList,
  create: ContentCreate,
  edit: ContentEdit,
  icon: Article,
  recordRepresentation: 'title',
};
