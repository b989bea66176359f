/** The page's brand block: logo mark, the name and the product's one-line promise (spec 000 §1). */
export function BrandHero() {
  return (
    <header className="flex flex-col items-center gap-3 text-center">
      <div
        aria-hidden
        className="flex size-16 items-center justify-center rounded-2xl bg-gradient-to-br from-innovator via-primary to-explorer shadow-lift rotate-[-6deg]"
      >
        <svg
          viewBox="0 0 32 32"
          className="size-9 text-on-solid"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.6}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M16 28V15" />
          <path d="M16 17c0-5 3.5-8.5 9-8.5 0 5.5-3.5 9-9 8.5Z" fill="currentColor" fillOpacity={0.25} />
          <path d="M16 20c0-4-3-7-8-7 0 4.5 3 7.5 8 7Z" fill="currentColor" fillOpacity={0.25} />
        </svg>
      </div>
      <h1 className="font-display text-5xl font-extrabold tracking-tight text-foreground">Grow</h1>
      <p className="max-w-xs text-balance text-sm font-medium text-muted-foreground">
        A collaboration platform built for creatives, by creatives.
      </p>
    </header>
  );
}
