import { Coins } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cappedText, coinCount, paidOf, type CoinAnswer } from '@/lib/coins';

/** What connecting paid, under the person in a "connection added" dialog: the coins, or that today's cap stopped them. */
export function ConnectionCoins({ result }: { result: CoinAnswer | null | undefined }) {
  const paid = result ? paidOf(result) : null;
  if (paid?.kind === 'earned') {
    return (
      <Badge variant="coin" className="mt-3">
        <Coins aria-hidden />+{coinCount(paid.coins)}
      </Badge>
    );
  }
  if (paid?.kind === 'capped') {
    return <p className="mt-3 text-pretty text-sm text-muted-foreground">{cappedText('connection')}</p>;
  }
  return null;
}
