import { messages } from '@urok/contract';
import { PagePlaceholder } from '../../components/ui/page-placeholder';

/** /game: a short quiz game. */
export function GamePage() {
  return <PagePlaceholder title={messages.pageGame} description={messages.aboutGame} />;
}
