import { LIVE } from '@globetrail/contracts';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { intlLocale } from '../../../lib/i18n/languages';
import { useErrorMessage } from '../../../lib/api/use-error-message';
import type { GameModel } from '../hooks/use-game-view';

interface ChatPanelProps {
  model: GameModel;
  postChat: UseMutationResult<null, Error, string>;
}

/** The game's chat: messages as a log, and for players a line to write in (Enter sends, 200 characters). */
export function ChatPanel({ model, postChat }: ChatPanelProps) {
  const { t, i18n } = useTranslation();
  const errorMessage = useErrorMessage();
  const inputId = useId();
  const [text, setText] = useState('');
  const logRef = useRef<HTMLOListElement>(null);
  const messages = model.view.chat;
  const time = new Intl.DateTimeFormat(intlLocale(i18n.resolvedLanguage), { hour: '2-digit', minute: '2-digit' });

  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length]);

  const send = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed || postChat.isPending) return;
    postChat.mutate(trimmed, { onSuccess: () => setText('') });
  };

  return (
    <div className="chat-panel" data-testid="chat-panel">
      <ol ref={logRef} className="chat-panel__log" role="log" aria-label={t('live.chat.log')} aria-live="polite">
        {messages.length === 0 && <li className="muted chat-panel__empty">{t('live.chat.empty')}</li>}
        {messages.map((message) => (
          <li key={message.id} className={`chat-panel__message ${message.uid === model.me ? 'chat-panel__message--me' : ''}`} data-testid="chat-message">
            <span className="chat-panel__meta">
              <strong>{message.uid === model.me ? t('live.players.you') : message.name || t('live.anonymous')}</strong>
              <time dateTime={message.at} className="muted">
                {' '}
                {time.format(new Date(message.at))}
              </time>
            </span>
            <span className="chat-panel__text">{message.text}</span>
          </li>
        ))}
      </ol>
      {model.isPlayer ? (
        <form className="chat-panel__form" onSubmit={send}>
          <label htmlFor={inputId} className="visually-hidden">
            {t('live.chat.input')}
          </label>
          <input
            id={inputId}
            className="chat-panel__input"
            value={text}
            maxLength={LIVE.chatMaxLength}
            onChange={(event) => {
              setText(event.target.value);
              if (postChat.isError) postChat.reset();
            }}
            placeholder={t('live.chat.placeholder')}
            autoComplete="off"
            enterKeyHint="send"
            data-testid="chat-input"
          />
          <button type="submit" className="button button--small" disabled={!text.trim() || postChat.isPending}>
            {t('live.chat.send')}
          </button>
        </form>
      ) : (
        <p className="muted chat-panel__note">{t('live.chat.playersOnly')}</p>
      )}
      {postChat.isError && (
        <p className="chat-panel__error" role="alert" data-testid="chat-error">
          {errorMessage(postChat.error)}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {text.length >= LIVE.chatMaxLength ? t('live.chat.limit', { max: LIVE.chatMaxLength }) : ''}
      </p>
    </div>
  );
}
