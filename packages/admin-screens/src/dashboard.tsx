"use client";
// The dashboard: activity, revenue, coins, refunds, model usage and the sign-up funnel for today / 7 /
// 30 days and a brand (both in the URL). Every chart (Recharts) has its numbers in a table beside it,
// for screen readers and for copying.
import type { Dashboard } from "@storyloom/contract";
import { EmptyState, ErrorState, Skeleton, cx } from "@storyloom/ui";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { useStaffQuery } from "./console-provider";
import { Section } from "./data-table";
import {
  BRANDS,
  RANGES,
  allZero,
  count,
  dashboardHref,
  dollars,
  funnelRows,
  money,
  parseDashboardView,
  type PanelColumn,
} from "./dashboard-view";

const COLORS = ["#2563eb", "#dc2626", "#059669", "#d97706", "#7c3aed"];

/** A table of a panel's numbers: the first column names the row (a day, a package, a stage). */
function NumbersTable<R extends object>({
  caption,
  rows,
  columns,
}: {
  caption: string;
  rows: R[];
  columns: PanelColumn<R>[];
}) {
  return (
    <div
      className="max-h-72 overflow-auto rounded border border-line"
      tabIndex={0}
      role="region"
      aria-label={`${caption}: numbers`}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-surface-2">
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                className="whitespace-nowrap px-2 py-1 text-xs uppercase tracking-wide text-muted"
              >
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i} className="border-t border-line">
              {columns.map((c, j) => {
                const v = r[c.key] as unknown;
                const text = typeof v === "number" ? (c.format ?? count)(v) : String(v);
                return j === 0 ? (
                  <th key={c.key} scope="row" className="whitespace-nowrap px-2 py-1 font-normal">
                    {text}
                  </th>
                ) : (
                  <td key={c.key} className="px-2 py-1 text-right tabular-nums">
                    {text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One panel: a line or bar chart of its series beside the table of its numbers; an empty state when all are zero. */
function Panel<R extends object>(props: {
  title: string;
  rows: R[];
  columns: PanelColumn<R>[];
  kind?: "line" | "bar";
  note?: string;
}) {
  const { title, rows, columns, kind = "line" } = props;
  const series = columns.filter((c) => c.series);
  const Chart = kind === "bar" ? BarChart : LineChart;
  return (
    <Section title={title}>
      {props.note && <p className="mb-2 text-xs text-muted">{props.note}</p>}
      {allZero(rows, columns) ? (
        <EmptyState title="Nothing in this range." />
      ) : (
        <div className="grid gap-3 lg:grid-cols-2">
          {/* The chart is a picture of the table beside it: assistive technology reads the table. */}
          <div className="h-64" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <Chart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
                <CartesianGrid strokeDasharray="3 3" />
                <XAxis dataKey={(r: R) => String(r[columns[0]!.key])} fontSize={11} />
                <YAxis fontSize={11} />
                <Tooltip />
                <Legend />
                {series.map((s, i) =>
                  kind === "bar" ? (
                    <Bar
                      key={s.key}
                      dataKey={(r: R) => r[s.key]}
                      name={s.label}
                      fill={COLORS[i % COLORS.length]}
                      isAnimationActive={false}
                    />
                  ) : (
                    <Line
                      key={s.key}
                      dataKey={(r: R) => r[s.key]}
                      name={s.label}
                      stroke={COLORS[i % COLORS.length]}
                      dot={false}
                      isAnimationActive={false}
                    />
                  ),
                )}
              </Chart>
            </ResponsiveContainer>
          </div>
          <NumbersTable caption={title} rows={rows} columns={columns} />
        </div>
      )}
    </Section>
  );
}

/** Links choosing one value of the view, the current one marked for assistive technology. */
function ViewLinks<V extends string>({
  label,
  options,
  current,
  href,
}: {
  label: string;
  options: { value: V; label: string }[];
  current: V;
  href: (v: V) => string;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-1">
        {options.map((o) => (
          <li key={o.value}>
            <Link
              href={href(o.value)}
              aria-current={o.value === current ? "page" : undefined}
              className={cx(
                "block rounded border border-line px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand",
                o.value === current ? "border-brand bg-brand text-white" : "hover:bg-line",
              )}
            >
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Every panel of a loaded dashboard. */
function Panels({ d }: { d: Dashboard }) {
  const day = { key: "day", label: "Day" } as const;
  const coinSources = d.coins.sources.map((s) => ({ source: s.source.replace("_", " "), coins: s.coins }));
  return (
    <>
      <Panel
        title="Activity"
        rows={d.activity}
        columns={[
          day,
          { key: "guest_signups", label: "New guests", series: true },
          { key: "user_signups", label: "New users", series: true },
          { key: "daily_active", label: "Active players", series: true },
          { key: "stories_started", label: "Stories started", series: true },
          { key: "typed_replies", label: "Typed replies", series: true },
        ]}
      />
      <Panel
        title="Revenue"
        kind="bar"
        rows={d.revenue.days}
        columns={[
          day,
          { key: "cents", label: "Revenue", series: true, format: money },
          { key: "orders", label: "Orders" },
        ]}
      />
      <Panel
        title="Revenue by provider and package"
        kind="bar"
        rows={d.revenue.packages.map((p) => ({
          package: `${p.provider} ${p.price_id}`,
          cents: p.cents,
          orders: p.orders,
        }))}
        columns={[
          { key: "package", label: "Package" },
          { key: "cents", label: "Revenue", series: true, format: money },
          { key: "orders", label: "Orders" },
        ]}
      />
      <Panel
        title="Coins issued and spent"
        kind="bar"
        rows={d.coins.days}
        columns={[
          day,
          { key: "issued", label: "Issued", series: true },
          { key: "spent", label: "Spent on chat", series: true },
        ]}
      />
      <Panel
        title="Coins issued by source"
        kind="bar"
        rows={coinSources}
        columns={[
          { key: "source", label: "Source" },
          { key: "coins", label: "Coins", series: true },
        ]}
      />
      <Panel
        title="Refunds and disputes"
        kind="bar"
        rows={d.refunds}
        columns={[
          day,
          { key: "refunded", label: "Refunded", series: true, format: money },
          { key: "disputed", label: "Disputed", series: true, format: money },
        ]}
      />
      <Panel
        title="Model tokens and cost"
        note={`All brands together. Estimated at $${d.model.cost_per_million_input} per million input and $${d.model.cost_per_million_output} per million output tokens.`}
        rows={d.model.days}
        columns={[
          day,
          { key: "prompt_tokens", label: "Input tokens", series: true },
          { key: "completion_tokens", label: "Output tokens", series: true },
          { key: "calls", label: "Calls" },
          { key: "cost_usd", label: "Estimated cost", format: dollars },
        ]}
      />
      <Panel
        title="Guest → user → payer (accounts made in the range)"
        kind="bar"
        rows={funnelRows(d.funnel)}
        columns={[
          { key: "stage", label: "Stage" },
          { key: "accounts", label: "Accounts", series: true },
          { key: "share", label: "Of the stage before" },
        ]}
      />
    </>
  );
}

/** The dashboard screen. */
export function DashboardScreen() {
  const view = parseDashboardView(useSearchParams());
  const q = useStaffQuery("adminDashboard", view);
  return (
    <>
      <h1 className="text-lg font-semibold">Dashboard</h1>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        <ViewLinks
          label="Range"
          options={RANGES}
          current={view.range}
          href={(range) => dashboardHref({ ...view, range })}
        />
        <ViewLinks
          label="Brand"
          options={BRANDS}
          current={view.brand}
          href={(brand) => dashboardHref({ ...view, brand })}
        />
        {q.data && <p className="text-xs text-muted">{`${q.data.from} to ${q.data.to} (UTC)`}</p>}
      </div>
      {q.error ? (
        <ErrorState
          message={q.error.message || "The dashboard could not be loaded."}
          onRetry={() => void q.refetch()}
        />
      ) : q.isPending ? (
        <div aria-busy="true" aria-live="polite" className="mt-6 flex flex-col gap-3">
          <span className="sr-only">Loading the dashboard…</span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 w-full" />
          ))}
        </div>
      ) : (
        <Panels d={q.data} />
      )}
    </>
  );
}
