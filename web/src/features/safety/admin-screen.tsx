import { useInfiniteQuery } from '@tanstack/react-query';
import { CloudOff, PartyPopper, ShieldCheck } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { adminReportsQuery, type ResolveAction } from './api/safety';
import type { AdminReport } from './api/types';
import { ReportCard } from './components/report-card';
import { ResolveDialog } from './components/resolve-dialog';
import { useResolveReport } from './hooks/use-safety-actions';

/**
 * /admin (issue 18), for administrators only (the route shows everyone else the 404 page): the open reports,
 * newest first, page by page, each with the reported content in context and Dismiss / Remove / Suspend behind a
 * confirm step. A resolved report leaves the list.
 */
export default function AdminScreen() {
  const query = useInfiniteQuery(adminReportsQuery());
  const resolve = useResolveReport();
  const [acting, setActing] = useState<{ report: AdminReport; action: ResolveAction } | null>(null);
  const reports = query.data?.pages.flatMap((page) => page.items) ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  const resolved = useRef(false);

  const confirm = () => {
    if (!acting) return;
    resolve.mutate(acting, {
      onSuccess: () => {
        resolved.current = true;
      },
      onSettled: () => setActing(null),
    });
  };

  /** The card acted on is gone: the focus goes to the list's heading rather than to nowhere. */
  const afterClose = (event: Event) => {
    if (!resolved.current) return;
    resolved.current = false;
    event.preventDefault();
    heading.current?.focus();
  };

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-primary-soft text-primary-soft-foreground">
          <ShieldCheck className="size-6" aria-hidden />
        </span>
        <div className="min-w-0">
          <p className="font-display text-xs font-bold uppercase tracking-[0.16em] text-primary">
            Administration
          </p>
          <h2
            ref={heading}
            tabIndex={-1}
            className="font-display text-2xl font-extrabold leading-tight tracking-tight focus:outline-none"
          >
            Open reports
          </h2>
          <p className="mt-0.5 text-sm text-muted-foreground">
            Newest first. Dismiss a report, remove what was reported, or suspend the person behind it.
          </p>
        </div>
      </div>

      {query.isPending ? (
        <div aria-busy="true" aria-label="Loading reports" className="flex flex-col gap-4">
          {[0, 1].map((key) => (
            <div key={key} className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4">
              <div className="flex justify-between">
                <Skeleton className="h-5 w-24 rounded-full" />
                <Skeleton className="h-4 w-28" />
              </div>
              <Skeleton className="h-5 w-5/6" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-24 w-full rounded-xl" />
              <div className="flex gap-2">
                <Skeleton className="h-11 flex-1 rounded-md" />
                <Skeleton className="h-11 flex-1 rounded-md" />
                <Skeleton className="h-11 flex-1 rounded-md" />
              </div>
            </div>
          ))}
        </div>
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-2xl border border-border bg-card px-6 py-10 text-center"
        >
          <span className="flex size-14 items-center justify-center rounded-2xl bg-destructive-soft text-destructive-soft-foreground">
            <CloudOff className="size-7" aria-hidden />
          </span>
          <p className="font-display text-lg font-bold">The reports could not be loaded</p>
          <p className="text-sm text-muted-foreground">Check your connection, then try again.</p>
          <Button variant="outline" onClick={() => void query.refetch()} loading={query.isRefetching}>
            Retry
          </Button>
        </div>
      ) : reports.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-border bg-card/60 px-6 py-12 text-center">
          <span className="flex size-16 items-center justify-center rounded-2xl bg-success-soft text-success-soft-foreground">
            <PartyPopper className="size-8" aria-hidden />
          </span>
          <p className="font-display text-lg font-extrabold">No open reports. All clear!</p>
        </div>
      ) : (
        <>
          <ul aria-label="Open reports" className="flex flex-col gap-4">
            {reports.map((report) => (
              <li key={report.id}>
                <ReportCard report={report} onAction={(action) => setActing({ report, action })} />
              </li>
            ))}
          </ul>
          {query.hasNextPage && (
            <Button
              variant="outline"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
            >
              Load more
            </Button>
          )}
        </>
      )}

      {acting && (
        <ResolveDialog
          report={acting.report}
          action={acting.action}
          pending={resolve.isPending}
          onConfirm={confirm}
          onClose={() => setActing(null)}
          onCloseAutoFocus={afterClose}
        />
      )}
    </div>
  );
}
