import {
  closestCenter,
  DndContext,
  type DragCancelEvent,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** Items reordered by dragging their handle, or from the keyboard (space, arrows, space). */
export function SortableItems({ ids, onMove, children }: { ids: string[]; onMove: (from: number, to: number) => void; children: ReactNode }) {
  const translate = useTranslate();
  // A few pixels of travel before a drag starts, so a click in an input never moves its item.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  // What screen readers hear while an item moves, in the reader's language and by position.
  const place = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  const accessibility = {
    screenReaderInstructions: { draggable: translate('cms.blocks.dnd_instructions') },
    announcements: {
      onDragStart: ({ active }: DragStartEvent) => translate('cms.blocks.dnd_picked', { number: place(active.id) }),
      onDragOver: ({ active, over }: DragOverEvent) =>
        over ? translate('cms.blocks.dnd_over', { number: place(active.id), position: place(over.id) }) : undefined,
      onDragEnd: ({ active, over }: DragEndEvent) => translate('cms.blocks.dnd_dropped', { number: place(active.id), position: place(over?.id ?? active.id) }),
      onDragCancel: ({ active }: DragCancelEvent) => translate('cms.blocks.dnd_cancelled', { number: place(active.id) }),
    },
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={accessibility}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One item: `children` gets the drag handle to place where it fits. */
export function SortableItem({ id, handleLabel, children }: { id: string; handleLabel: string; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <IconButton
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={handleLabel}
      title={handleLabel}
      size="small"
      sx={{ cursor: 'grab', touchAction: 'none' }}
    >
      <DragIndicator fontSize="small" />
    </IconButton>
  );
  return (
    <Box
      ref={setNodeRef}
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        opacity: isDragging ? 0.85 : 1,
      }}
    >
      {children(handle)}
    </Box>
  );
}
