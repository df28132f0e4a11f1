import { type MapFileProblem, type MapLocationInput, MAP_LIMITS, parseMapFile, toMapMakingJson, toPlainList } from '@globetrail/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Problems shown of a refused file; the rest are counted. */
const SHOWN_PROBLEMS = 12;

interface ImportExportProps {
  name: string;
  locations: readonly MapLocationInput[];
  editable: boolean;
  onImport: (locations: MapLocationInput[], name: string | null) => void;
}

/** Import (map-making.app JSON or a plain list) and export (either format), as a map maker expects. */
export function ImportExport({ name, locations, editable, onImport }: ImportExportProps) {
  const { t } = useTranslation();
  const fileRef = useRef<HTMLInputElement>(null);
  const [problems, setProblems] = useState<{ file: string; list: MapFileProblem[] } | null>(null);
  const [imported, setImported] = useState<{ file: string; count: number } | null>(null);

  const read = async (file: File) => {
    setProblems(null);
    setImported(null);
    const parsed = parseMapFile(await file.text(), locations, MAP_LIMITS.maxLocations - locations.length);
    if (!parsed.ok) {
      setProblems({ file: file.name, list: parsed.problems });
      return;
    }
    onImport(parsed.locations, parsed.name);
    setImported({ file: file.name, count: parsed.locations.length });
  };

  const download = (text: string, suffix: string) => {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${fileName(name)}${suffix}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <section className="editor-files" aria-label={t('mapEditor.files.title')}>
      <h3>{t('mapEditor.files.title')}</h3>
      <div className="button-row">
        {editable && (
          <>
            <button type="button" className="button button--small" onClick={() => fileRef.current?.click()}>
              {t('mapEditor.files.import')}
            </button>
            <input
              ref={fileRef}
              type="file"
              accept=".json,application/json"
              hidden
              data-testid="editor-import-file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void read(file);
              }}
            />
          </>
        )}
        <button type="button" className="button button--small" disabled={locations.length === 0} onClick={() => download(toMapMakingJson(name.trim() || t('mapEditor.untitled'), locations), '')}>
          {t('mapEditor.files.export')}
        </button>
        <button type="button" className="button button--small" disabled={locations.length === 0} onClick={() => download(toPlainList(locations), '-coordinates')}>
          {t('mapEditor.files.exportPlain')}
        </button>
      </div>
      <p className="muted editor-hint">{t('mapEditor.files.formats')}</p>
      {imported && (
        <p role="status" className="editor-files__ok">
          {t('mapEditor.files.imported', { count: imported.count, file: imported.file })}
        </p>
      )}
      {problems && (
        <div role="alert" className="editor-files__problems" data-testid="editor-import-problems">
          <p>
            <strong>{t('mapEditor.files.refused', { file: problems.file, count: problems.list.length })}</strong>
          </p>
          <ul>
            {problems.list.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
              <li key={index}>
                {problem.entry === null
                  ? problem.message
                  : t(problem.field ? 'mapEditor.files.problemField' : 'mapEditor.files.problem', { entry: problem.entry + 1, field: problem.field, message: problem.message })}
              </li>
            ))}
          </ul>
          {problems.list.length > SHOWN_PROBLEMS && <p>{t('mapEditor.files.moreProblems', { count: problems.list.length - SHOWN_PROBLEMS })}</p>}
        </div>
      )}
    </section>
  );
}

/** A file name from the map's name: letters, digits and dashes. */
function fileName(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .toLowerCase() || 'map'
  );
}
