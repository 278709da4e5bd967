import PermMedia from '@mui/icons-material/PermMedia';
import { MediaCreate } from './MediaCreate';
import { MediaEdit } from './MediaEdit';
import { MediaList } from './MediaList';

export default {
  list: MediaList,
  create: MediaCreate,
  edit: MediaEdit,
  icon: PermMedia,
  recordRepresentation: 'name',
};
