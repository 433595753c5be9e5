import { cva, type VariantProps } from 'class-variance-authority';
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/utils';

export const badgeVariants = cva('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      default: 'bg-brand-700 text-white',
      secondary: 'bg-slate-100 text-slate-700',
      destructive: 'bg-red-100 text-red-700',
      outline: 'border border-slate-300 text-slate-700',
      success: 'bg-emerald-100 text-emerald-800',
      gold: 'bg-amber-100 text-amber-800',
    },
  },
  defaultVariants: { variant: 'default' },
});

export function Badge({
  className,
  variant,
  ...props
}: HTMLAttributes<HTMLSpanElement> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />;
}
