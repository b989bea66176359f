import { ArrowRight, Heart, Plus } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Section } from '@/features/design-system/section';

const VARIANTS: NonNullable<ButtonProps['variant']>[] = [
  'primary',
  'secondary',
  'outline',
  'ghost',
  'destructive',
  'link',
];
const SIZES: Exclude<NonNullable<ButtonProps['size']>, 'icon'>[] = ['sm', 'md', 'lg'];

export function ButtonsSection() {
  return (
    <>
      <Section title="Variants × sizes">
        <div className="space-y-4 rounded-2xl border border-border bg-card p-4">
          {VARIANTS.map((variant) => (
            <div key={variant}>
              <p className="mb-2 font-display text-[11px] font-bold uppercase tracking-widest text-muted-foreground">
                {variant}
              </p>
              <div className="flex flex-wrap items-center gap-2">
                {SIZES.map((size) => (
                  <Button key={size} variant={variant} size={size}>
                    {size.toUpperCase()}
                  </Button>
                ))}
              </div>
            </div>
          ))}
        </div>
      </Section>
      <Section title="States">
        <div className="flex flex-wrap items-center gap-2 rounded-2xl border border-border bg-card p-4">
          <Button>DEFAULT</Button>
          <Button loading>LOGGING IN...</Button>
          <Button disabled>DISABLED</Button>
          <Button variant="outline" loading>
            SENDING...
          </Button>
          <Button>
            NEXT <ArrowRight aria-hidden />
          </Button>
          <Button variant="secondary">
            <Plus aria-hidden /> ADD SKILL
          </Button>
        </div>
      </Section>
      <Section title="Icon buttons" description="44 px targets with an accessible name.">
        <div className="flex flex-wrap items-center gap-2 rounded-2xl border border-border bg-card p-4">
          {VARIANTS.filter((v) => v !== 'link').map((variant) => (
            <Button key={variant} variant={variant} size="icon" aria-label={`Like (${variant})`}>
              <Heart aria-hidden />
            </Button>
          ))}
        </div>
      </Section>
      <Section title="Full width">
        <Button size="lg" className="w-full">
          CREATE ACCOUNT
        </Button>
      </Section>
    </>
  );
}
