/**
 * Renders nothing; runs hooks/useWalkthroughCursor.ts. Its own component because that hook subscribes to the run's
 * trace version and status: called in App, every trace batch and the status change of a Cancel re-rendered the whole
 * page (the 1,024-node cluster's SVG among it), which delayed the status a Cancel shows by 40-100 ms.
 */
import { useWalkthroughCursor } from '../hooks/useWalkthroughCursor';

export function WalkthroughCursor(): null {
  useWalkthroughCursor();
  return null;
}
