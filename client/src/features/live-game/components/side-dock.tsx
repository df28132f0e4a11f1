import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPACT_MAP_QUERY, useMediaQuery } from '../../../lib/hooks/use-media-query';
import type { GameModel } from '../hooks/use-game-view';
import { ChatPanel } from './chat-panel';
import { PlayersList } from './players-list';

type Panel = 'players' | 'chat';

/** The chat starts open only where it has room beside the game: beside the card pages, or the picture. */
const CHAT_OPEN_MIN_WIDTH = { card: 1400, game: 1200 } as const;

interface SideDockProps {
  model: GameModel;
  postChat: UseMutationResult<null, Error, string>;
}

/**
 * Two collapsible panels on the left: players (with connected or offline state) and the chat. The
 * chat starts open on wide screens, both start closed on small ones; an unread count shows on Chat.
 */
export function SideDock({ model, postChat }: SideDockProps) {
  const { t } = useTranslation();
  const compact = useMediaQuery(COMPACT_MAP_QUERY);
  const status = model.view.status;
  const inRoom = status === 'C' || status === 'G';
  const card = inRoom || status === 'G_ED' || status === 'G_ABON';
  const [open, setOpen] = useState<Panel | null>(() => (!compact && window.innerWidth >= CHAT_OPEN_MIN_WIDTH[card ? 'card' : 'game'] ? 'chat' : null));
  const [seenMessages, setSeenMessages] = useState(model.view.chat.length);
  const panelId = useId();

  // Entering a card page (the standings, back to the room) on a screen without room beside the card.
  useEffect(() => {
    if (card && window.innerWidth < CHAT_OPEN_MIN_WIDTH.card) setOpen(null);
  }, [card]);
  const unread = open === 'chat' ? 0 : Math.max(0, model.view.chat.length - seenMessages);
  if (open === 'chat' && seenMessages !== model.view.chat.length) setSeenMessages(model.view.chat.length);

  const toggle = (panel: Panel) => setOpen((current) => (current === panel ? null : panel));
  const tab = (panel: Panel, label: string, extra?: string) => (
    <button
      type="button"
      className={`side-dock__toggle ${open === panel ? 'side-dock__toggle--open' : ''}`}
      aria-expanded={open === panel}
      aria-controls={panelId}
      onClick={() => toggle(panel)}
      data-testid={`dock-${panel}`}
    >
      {label}
      {extra && (
        <span className="side-dock__badge" aria-label={t('live.chat.unread', { count: unread })}>
          {extra}
        </span>
      )}
    </button>
  );

  return (
    <aside className={`side-dock ${card ? 'side-dock--card' : ''} ${compact && status === 'SED' ? 'side-dock--above-bar' : ''}`} aria-label={t('live.dock.label')}>
      <div className="side-dock__tabs">
        {!inRoom && tab('players', t('live.dock.players', { n: model.players.length }))}
        {tab('chat', t('live.dock.chat'), unread > 0 ? String(unread) : undefined)}
      </div>
      <div id={panelId} className="side-dock__panel" hidden={open === null || (inRoom && open === 'players')}>
        {open === 'players' && !inRoom && <PlayersList model={model} show="points" label={t('live.players.label')} />}
        {open === 'chat' && <ChatPanel model={model} postChat={postChat} />}
      </div>
    </aside>
  );
}
