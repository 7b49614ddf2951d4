import { PageHeader, parseDownloadsSearch, toSearchString, useSearchState } from '@luz/shared';
import { periodsText } from '../text';
import { TaskDetail } from './task-detail';
import { TaskList } from './task-list';

const text = periodsText.downloads;

/** /downloads: the user's tasks grouped by day; `taskId` in the URL opens one of them (spec §2). */
export function DownloadsPage() {
  const [search, setSearch] = useSearchState(parseDownloadsSearch);
  return (
    <>
      <PageHeader title={text.title} subtitle={text.subtitle} />
      {search.taskId ? (
        <TaskDetail taskId={search.taskId} backTo={{ search: toSearchString({ ...search, taskId: null }) }} />
      ) : (
        <TaskList search={search} setSearch={setSearch} />
      )}
    </>
  );
}
