import { type MapFileProblem, type MapLocationInput, parseMapFile } from '@globetrail/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../../lib/format/use-formatters';
import { ImportProblems } from './import-problems';

interface ImportFileProps {
  locations: readonly MapLocationInput[];
  onImport: (locations: MapLocationInput[], name: string | null) => void;
}

type Outcome = { kind: 'reading'; file: string } | { kind: 'added'; file: string; count: number } | { kind: 'refused'; file: string; problems: MapFileProblem[] };

/**
 * Import: map-making.app's JSON, a plain [lat, lng] list or a list of { lat, lng }. Every entry is checked
 * first; a file with any bad entry adds nothing and says entry by entry what is wrong.
 */
export function ImportFile({ locations, onImport }: ImportFileProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const inputRef = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const read = async (file: File) => {
    setOutcome({ kind: 'reading', file: file.name });
    let text: string;
    try {
      text = await file.text();
    } catch {
      setOutcome({ kind: 'refused', file: file.name, problems: [{ entry: null, kind: 'notJson' }] });
      return;
    }
    const parsed = parseMapFile(text, locations);
    if (!parsed.ok) {
      setOutcome({ kind: 'refused', file: file.name, problems: parsed.problems });
      return;
    }
    onImport(parsed.locations, parsed.name);
    setOutcome({ kind: 'added', file: file.name, count: parsed.locations.length });
  };

  return (
    <div className="editor-import">
      <button type="button" className="button button--small" disabled={outcome?.kind === 'reading'} onClick={() => inputRef.current?.click()}>
        {t('mapEditor.import.button')}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json,text/plain"
        hidden
        data-testid="editor-import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so choosing the same file again (after fixing it) reads it again.
          event.target.value = '';
          if (file) void read(file);
        }}
      />
      {outcome?.kind === 'reading' && (
        <p role="status" className="editor-hint">
          {t('mapEditor.import.reading', { file: outcome.file })}
        </p>
      )}
      {outcome?.kind === 'added' && (
        <p role="status" className="editor-import__added">
          {t('mapEditor.import.added', { count: outcome.count, value: format.number(outcome.count), file: outcome.file })}
        </p>
      )}
      {outcome?.kind === 'refused' && <ImportProblems file={outcome.file} problems={outcome.problems} />}
    </div>
  );
}
