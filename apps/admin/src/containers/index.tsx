import ViewQuilt from '@mui/icons-material/ViewQuilt';
import { ContainerCreate } from './ContainerCreate';
import { ContainerEdit } from './ContainerEdit';
import { ContainerList } from './ContainerList';

export default {
  list: ContainerList,
  create: ContainerCreate,
  edit: ContainerEdit,
  icon: ViewQuilt,
  recordRepresentation: 'title',
};
