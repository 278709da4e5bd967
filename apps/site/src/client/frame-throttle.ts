/** Runs `fn` at most once per animation frame however often the returned function is called. */
export function frameThrottle(fn: () => void, requestFrame: (callback: () => void) => unknown): () => void {
  let scheduled = false;
  return () => {
    if (scheduled) return;
    scheduled = true;
    requestFrame(() => {
      scheduled = false;
      fn();
    });
  };
}
