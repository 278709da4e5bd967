import { Lang, type PageState, type PageTreeNode, RightType } from '@cms/contracts';
import { hasRight } from '@cms/rights';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DriveFileMove from '@mui/icons-material/DriveFileMove';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useState, type DragEvent } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../auth/AuthContext';
import { CenteredSpinner } from '../components/CenteredSpinner';
import { LocaleSwitcher } from '../components/LocaleSwitcher';
import { AccessDenied } from '../layout/AccessDenied';
import { fetchLevel, LEVEL_PAGE, movePage } from './page-tree-api';
import { PagePicker, TOP_LEVEL, type PickedParent } from './PagePicker';

const DRAG_TYPE = 'application/x-cms-page';
const TREE_KEY = 'page-tree';

const STATE_COLOURS: Record<PageState, 'default' | 'success' | 'info' | 'warning'> = {
  draft: 'default',
  published: 'success',
  'members-only': 'info',
  scheduled: 'warning',
};

/** What every row of the tree shares: the locale, who may move what, the open rows and the move itself. */
interface TreeContextValue {
  locale: Lang;
  canMove: (node: PageTreeNode) => boolean;
  expanded: ReadonlySet<number>;
  toggle: (slugId: number) => void;
  move: (node: Pick<PageTreeNode, 'slugId' | 'title'>, parentId: number | null) => void;
  openMoveDialog: (node: PageTreeNode) => void;
  moving: number | null;
}

const TreeContext = createContext<TreeContextValue | null>(null);
const useTree = () => useContext(TreeContext)!;

function editHref(node: PageTreeNode): string {
  return node.kind === 'container' ? `/containers/${node.containerId}` : `/contents/${node.contentId}`;
}

function StateChip({ state }: { state: PageState }) {
  const translate = useTranslate();
  return <Chip size="small" variant={state === 'draft' ? 'outlined' : 'filled'} color={STATE_COLOURS[state]} label={translate(`cms.pages.states.${state}`)} />;
}

/** The drop of a dragged page onto a row (or onto the top level, `parentId` null). */
function useDropTarget(parentId: number | null) {
  const { move } = useTree();
  const [over, setOver] = useState(false);
  return {
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      },
      onDragLeave: () => setOver(false),
      onDrop: (event: DragEvent) => {
        setOver(false);
        const raw = event.dataTransfer.getData(DRAG_TYPE);
        if (!raw) return;
        event.preventDefault();
        event.stopPropagation();
        const dragged = JSON.parse(raw) as { slugId: number; title: string };
        if (dragged.slugId === parentId) return;
        move(dragged, parentId);
      },
    },
  };
}

function TreeRow({ node, depth }: { node: PageTreeNode; depth: number }) {
  const translate = useTranslate();
  const { expanded, toggle, canMove, openMoveDialog, moving } = useTree();
  const open = expanded.has(node.slugId);
  const movable = canMove(node);
  const drop = useDropTarget(node.slugId);
  return (
    <Box
      component="li"
      role="treeitem"
      aria-expanded={node.childCount > 0 ? open : undefined}
      aria-level={depth + 1}
      // Named by what its row shows, not by an aria-label holding the title alone: a name must hold
      // the visible words (axe: label-content-name-mismatch). Tests find an item by data-title.
      data-title={node.title}
      sx={{ listStyle: 'none' }}
    >
      <Stack
        direction="row"
        spacing={1}
        data-testid="page-row"
        data-path={node.path}
        draggable={movable}
        onDragStart={(event) => {
          event.dataTransfer.setData(DRAG_TYPE, JSON.stringify({ slugId: node.slugId, title: node.title }));
          event.dataTransfer.effectAllowed = 'move';
        }}
        {...drop.handlers}
        sx={{
          alignItems: 'center',
          pl: depth * 3,
          pr: 1,
          py: 0.5,
          borderRadius: 1,
          outline: drop.over ? '2px dashed' : 'none',
          outlineColor: 'primary.main',
          bgcolor: drop.over ? 'action.hover' : undefined,
          '&:hover': { bgcolor: 'action.hover' },
          cursor: movable ? 'grab' : undefined,
        }}
      >
        <Box sx={{ width: 32, flexShrink: 0 }}>
          {node.childCount > 0 && (
            <IconButton
              size="small"
              onClick={() => toggle(node.slugId)}
              aria-label={translate(open ? 'cms.pages.collapse' : 'cms.pages.expand', { title: node.title, count: node.childCount })}
            >
              {open ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
            </IconButton>
          )}
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Link component={RouterLink} to={editHref(node)} underline="hover" sx={{ fontWeight: 500 }}>
            {node.title || translate('cms.pages.untitled')}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ fontFamily: 'monospace', overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {node.path}
          </Typography>
        </Box>
        {node.childCount > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
            {translate('cms.pages.children', { smart_count: node.childCount })}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ width: 90, display: { xs: 'none', md: 'block' } }}>
          {translate(node.kind === 'container' ? 'cms.pages.kind_container' : 'cms.pages.kind_content')}
        </Typography>
        <StateChip state={node.state} />
        {movable && (
          <Tooltip title={translate('cms.pages.move_to')}>
            <span>
              <IconButton
                size="small"
                onClick={() => openMoveDialog(node)}
                aria-label={translate('cms.pages.move_named', { title: node.title })}
                disabled={moving !== null}
              >
                {moving === node.slugId ? <CircularProgress size={18} /> : <DriveFileMove fontSize="small" />}
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>
      {open && <TreeLevel parentId={node.slugId} depth={depth + 1} />}
    </Box>
  );
}

/** One level, fetched when it is opened, LEVEL_PAGE pages at a time ("Show more"). */
function TreeLevel({ parentId, depth }: { parentId?: number; depth: number }) {
  const translate = useTranslate();
  const { locale } = useTree();
  const query = useInfiniteQuery({
    queryKey: [TREE_KEY, locale, parentId ?? null],
    queryFn: ({ pageParam, signal }) => fetchLevel({ parentId, locale, start: pageParam }, signal),
    initialPageParam: 0,
    getNextPageParam: (last, all) => {
      const loaded = all.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
  if (query.isPending)
    return (
      <Stack direction="row" spacing={1} sx={{ pl: depth * 3 + 4, py: 1, alignItems: 'center' }} role="status">
        <CircularProgress size={16} />
        <Typography variant="body2" color="text.secondary">
          {translate('cms.pages.loading')}
        </Typography>
      </Stack>
    );
  if (query.error)
    return (
      <Alert severity="error" sx={{ ml: depth * 3 }}>
        {(query.error as Error).message}
      </Alert>
    );
  const items = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages.at(-1)?.total ?? items.length;
  if (items.length === 0 && depth === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="pages-empty">
        {translate('cms.pages.empty')}
      </Typography>
    );
  return (
    <Box component="ul" role={depth === 0 ? 'tree' : 'group'} aria-label={depth === 0 ? translate('cms.pages.title') : undefined} sx={{ m: 0, p: 0 }}>
      {items.map((node) => (
        <TreeRow key={node.slugId} node={node} depth={depth} />
      ))}
      {query.hasNextPage && (
        <Box component="li" sx={{ listStyle: 'none', pl: depth * 3 + 4, py: 0.5 }}>
          <Button size="small" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {translate('cms.pages.show_more', { shown: items.length, total, next: Math.min(LEVEL_PAGE, total - items.length) })}
          </Button>
        </Box>
      )}
    </Box>
  );
}

/** The "Move to…" dialog: the page picker (keyboard first), the page itself and those under it never offered. */
function MoveDialog({ node, onClose }: { node: PageTreeNode | null; onClose: () => void }) {
  const translate = useTranslate();
  const { locale, move } = useTree();
  const [target, setTarget] = useState<PickedParent | null>(null);
  const close = () => {
    setTarget(null);
    onClose();
  };
  return (
    <Dialog open={node !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="move-page-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!node || target === null) return;
          move(node, target === TOP_LEVEL ? null : target.slugId);
          close();
        }}
      >
        <DialogTitle id="move-page-title">{node ? translate('cms.pages.move_title', { title: node.title }) : ''}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{node ? translate('cms.pages.move_help', { path: node.path }) : ''}</DialogContentText>
          {node && (
            <PagePicker
              id="move-target"
              value={target}
              onChange={setTarget}
              selfSlugId={node.slugId}
              locale={locale}
              label={translate('cms.pages.new_parent')}
              autoFocus
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={target === null}>
            {translate('cms.pages.move')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** The top of the tree as a drop target: a page dropped here goes to the top level. */
function TopLevelDrop() {
  const translate = useTranslate();
  const drop = useDropTarget(null);
  return (
    <Box
      {...drop.handlers}
      data-testid="top-level-drop"
      sx={{
        border: '1px dashed',
        borderColor: drop.over ? 'primary.main' : 'divider',
        bgcolor: drop.over ? 'action.hover' : undefined,
        borderRadius: 1,
        px: 2,
        py: 1,
        mb: 1,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        {translate('cms.pages.drop_top')}
      </Typography>
    </Box>
  );
}

/**
 * The Pages screen (/admin/pages): the site as a tree in a chosen locale, each level read when it
 * is opened. A row opens its container's or content's edit screen; a page moves by dragging it
 * onto another row (or the top-level zone), or by its "Move to…" dialog.
 */
export function PagesScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const { me } = useAuth();
  const queryClient = useQueryClient();
  const [locale, setLocale] = useState<Lang>(Lang.en);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [dialogNode, setDialogNode] = useState<PageTreeNode | null>(null);
  const [moving, setMoving] = useState<number | null>(null);
  if (!me) return <CenteredSpinner text={translate('cms.pages.loading')} />;
  if (!hasRight(me, RightType.VIEW_CONTENT)) return <AccessDenied />;

  const canMove = (node: PageTreeNode) => hasRight(me, node.kind === 'container' ? RightType.UPDATE_CONTAINER : RightType.UPDATE_CONTENT);
  const toggle = (slugId: number) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (!next.delete(slugId)) next.add(slugId);
      return next;
    });
  const move = (node: Pick<PageTreeNode, 'slugId' | 'title'>, parentId: number | null) => {
    setMoving(node.slugId);
    movePage(node.slugId, parentId, locale)
      .then(async (moved) => {
        // The new place is shown open; every level read is read again (counts and paths changed).
        if (parentId !== null) setExpanded((now) => new Set(now).add(parentId));
        await queryClient.invalidateQueries({ queryKey: [TREE_KEY] });
        await queryClient.invalidateQueries({ queryKey: ['page-picker'] });
        notify('cms.pages.moved', { type: 'success', messageArgs: { title: moved.title, path: moved.path } });
      })
      .catch((error: Error) => notify(error.message, { type: 'error' }))
      .finally(() => setMoving(null));
  };

  return (
    <TreeContext.Provider value={{ locale, canMove, expanded, toggle, move, openMoveDialog: setDialogNode, moving }}>
      <Title title="cms.pages.title" />
      <Card sx={{ mt: 2 }}>
        <CardContent>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}>
            <Typography variant="body2" color="text.secondary">
              {translate('cms.pages.intro')}
            </Typography>
            <LocaleSwitcher value={locale} onChange={setLocale} />
          </Stack>
          <TopLevelDrop />
          <TreeLevel depth={0} />
        </CardContent>
      </Card>
      <MoveDialog node={dialogNode} onClose={() => setDialogNode(null)} />
    </TreeContext.Provider>
  );
}
