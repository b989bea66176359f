import { Link, useSearch } from 'wouter';
import { Button } from '@/components/ui/button';
import { GrowLogo } from '@/components/ui/logo';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ButtonsSection } from '@/features/design-system/sections/buttons-section';
import { ColorsSection } from '@/features/design-system/sections/colors-section';
import { ComponentsSection } from '@/features/design-system/sections/components-section';
import { ExamplesSection } from '@/features/design-system/sections/examples-section';
import { FormsSection } from '@/features/design-system/sections/forms-section';
import { TypographySection } from '@/features/design-system/sections/typography-section';

const TABS = [
  { value: 'colors', content: <ColorsSection /> },
  { value: 'typography', content: <TypographySection /> },
  { value: 'buttons', content: <ButtonsSection /> },
  { value: 'components', content: <ComponentsSection /> },
  { value: 'forms', content: <FormsSection /> },
  { value: 'examples', content: <ExamplesSection /> },
] as const;

/** /design-system: a static showcase of Grow's tokens and primitives (spec 000 §2), public in both states. */
export default function DesignSystemScreen({ standalone = false }: { standalone?: boolean }) {
  // ?tab=forms opens a tab directly (handy for links and screenshots).
  const requested = new URLSearchParams(useSearch()).get('tab');
  const initialTab = TABS.some((t) => t.value === requested) ? (requested as string) : 'colors';
  // Alone it is the page; inside the signed-in shell, the shell's header holds the page's one h1.
  const Title = standalone ? 'h1' : 'h2';
  return (
    <div className="pb-8">
      {standalone && (
        <div className="flex items-center justify-between py-4">
          <GrowLogo markClassName="size-8" />
          <Button asChild variant="ghost" size="sm">
            <Link href="/">Go to Home</Link>
          </Button>
        </div>
      )}
      <header className="mb-4">
        <p className="font-display text-xs font-bold uppercase tracking-[0.2em] text-primary">Grow</p>
        <Title className="font-display text-3xl font-extrabold">Design system</Title>
        <p className="mt-1 text-muted-foreground">Tokens and building blocks, in light and dark.</p>
      </header>
      <Tabs defaultValue={initialTab}>
        <TabsList className="grid h-auto grid-cols-3 sm:grid-cols-6">
          {TABS.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="px-2">
              {tab.value}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="space-y-8">
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
