import { ArrowRight, Bot, Filter, Mail, MapPin, Phone, Search, Sparkles } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MARKETING } from '../../../core/limits';
import { usePublicFigure } from '../../lib/use-public-stats';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { PageSpinner } from '../../components/ui/feedback';
import { useAuth } from '../../lib/use-auth';
import { ROLE_OFFERINGS, SELECTED_ROLE_KEY } from '../../lib/role-offerings';
import { LandingSearch } from './landing-search';

// Each its own chunk, so a visitor's first paint parses neither: the signed-in home (with the hooks
// of cards, inquiries and follow-ups) and the featured listings at the page's foot (with the
// property card and the places it names), which load once the landing is on screen.
const MyHome = lazy(() => import('../home/my-home').then((m) => ({ default: m.MyHome })));
const FeaturedProperties = lazy(() => import('./featured-properties').then((m) => ({ default: m.FeaturedProperties })));

function SampleCard() {
  const { t } = useTranslation('landing');
  return (
    <figure
      className="relative mx-auto w-full max-w-sm rounded-3xl bg-white p-6 text-slate-900 shadow-2xl"
      aria-label={t('sample.aria')}
    >
      <Badge variant="gold" className="absolute -top-3 end-6">
        <Sparkles className="h-3 w-3" aria-hidden="true" /> {t('sample.aiTag')}
      </Badge>
      <div className="flex items-center gap-4">
        {/* Drawn like the demo people's portraits (seed/portraits.ts); the name beside it says who. */}
        <img
          src="/demo/sample-portrait.webp"
          alt=""
          width={64}
          height={64}
          decoding="async"
          className="h-16 w-16 shrink-0 rounded-full bg-brand-100"
        />
        <div>
          <p className="text-lg font-semibold">{t('sample.name')}</p>
          <p className="text-sm text-slate-500">{t('sample.profession')}</p>
          <p className="text-sm font-medium text-brand-700">{t('sample.company')}</p>
        </div>
      </div>
      <p className="mt-4 text-sm text-slate-600">{t('sample.bio')}</p>
      <div className="mt-4 space-y-1.5 text-sm text-slate-600">
        <p className="flex items-center gap-2">
          <Phone className="h-4 w-4" aria-hidden="true" /> <span dir="ltr">+971 50 000 0000</span>
        </p>
        <p className="flex items-center gap-2">
          <Mail className="h-4 w-4" aria-hidden="true" /> sara@example.ae
        </p>
        <p className="flex items-center gap-2">
          <MapPin className="h-4 w-4" aria-hidden="true" /> {t('sample.location')}
        </p>
      </div>
      <div className="mt-5 flex items-center justify-between rounded-xl bg-brand-50 px-4 py-3">
        <span className="text-sm font-medium text-brand-800">{t('sample.score')}</span>
        <span className="text-xl font-bold text-brand-700">{MARKETING.promoScore}%</span>
      </div>
    </figure>
  );
}

export function LandingPage() {
  const { t } = useTranslation('landing');
  const { t: tr } = useTranslation('roles');
  const { isLoading, user } = useAuth();
  const brokers = usePublicFigure('brokers');
  if (isLoading) return <PageSpinner />;
  // Signed in, home is the user's own card and what is new for them.
  if (user && user.role !== 'admin')
    return (
      <Suspense fallback={<PageSpinner />}>
        <MyHome user={user} />
      </Suspense>
    );

  const features = [
    { icon: Bot, key: 'content' },
    { icon: Search, key: 'search' },
    { icon: Filter, key: 'filter' },
  ] as const;

  return (
    <div>
      <section className="bg-gradient-to-br from-brand-900 via-brand-800 to-brand-600 text-white">
        <div className="mx-auto grid grid-cols-1 max-w-7xl items-center gap-10 px-4 py-14 md:py-20 lg:grid-cols-2">
          <div className="space-y-6">
            {/* Only a figure the database backs: no badge until there are brokers to count. */}
            {brokers && (
              <Badge variant="gold" data-testid="landing-broker-figure">
                {t('hero.badge', { network: brokers })}
              </Badge>
            )}
            <h1 className="text-4xl font-bold leading-tight md:text-5xl">{t('hero.title')}</h1>
            <p className="max-w-xl text-lg text-brand-100">{t('hero.subtitle')}</p>
            <div className="flex flex-wrap gap-3">
              <Button asChild size="lg" variant="gold">
                <Link to="/signup">
                  <Sparkles className="h-5 w-5" aria-hidden="true" /> {t('hero.create')}
                </Link>
              </Button>
              <Button
                asChild
                size="lg"
                variant="outline"
                className="border-white/40 bg-transparent text-white hover:bg-white/10"
              >
                <Link to="/directory">
                  {t('hero.browse')} <ArrowRight className="h-5 w-5 rtl-flip" aria-hidden="true" />
                </Link>
              </Button>
            </div>
            <LandingSearch />
          </div>
          <SampleCard />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16" aria-labelledby="roles-title">
        <h2 id="roles-title" className="text-center text-3xl font-bold text-brand-800">
          {t('roles.title')}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">{t('roles.subtitle')}</p>
        <div className="mt-10 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {ROLE_OFFERINGS.map((role) => {
            const Icon = role.icon;
            return (
              <button
                key={role.id}
                type="button"
                data-testid={`landing-role-${role.id}`}
                onClick={() => {
                  window.sessionStorage.setItem(SELECTED_ROLE_KEY, role.id);
                  window.location.href = '/signup';
                }}
                className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 text-start shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-md"
              >
                <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <h3 className="mt-4 text-lg font-semibold">{tr(`${role.id}.title`)}</h3>
                <p className="mt-1 flex-1 text-sm text-slate-600">{tr(`${role.id}.description`)}</p>
                <p className="mt-4 text-xl font-bold text-brand-800">
                  {role.isFree ? tr('free') : tr('pricePerYear', { price: role.price })}
                </p>
                <span className="mt-3 text-sm font-medium text-brand-700">
                  {tr(`${role.id}.button`)} <ArrowRight className="inline h-4 w-4 rtl-flip" aria-hidden="true" />
                </span>
              </button>
            );
          })}
        </div>
      </section>

      <section className="bg-white py-16" aria-labelledby="ai-title">
        <div className="mx-auto grid grid-cols-1 max-w-7xl gap-10 px-4 lg:grid-cols-2">
          <div>
            <h2 id="ai-title" className="text-3xl font-bold text-brand-800">
              {t('ai.title')}
            </h2>
            <p className="mt-2 text-slate-600">{t('ai.subtitle')}</p>
            <ul className="mt-8 space-y-6">
              {features.map(({ icon: Icon, key }) => (
                <li key={key} className="flex gap-4">
                  <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-gold-400/20 text-gold-500">
                    <Icon className="h-5 w-5" aria-hidden="true" />
                  </span>
                  <div>
                    <h3 className="font-semibold">{t(`ai.${key}.title`)}</h3>
                    <p className="text-sm text-slate-600">{t(`ai.${key}.text`)}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
          <figure
            className="rounded-3xl bg-brand-900 p-6 text-sm text-brand-50 shadow-xl"
            aria-label={t('ai.assistantAria')}
          >
            <p className="mb-4 flex items-center gap-2 font-semibold text-gold-400">
              <Bot className="h-5 w-5" aria-hidden="true" /> {t('ai.assistant')}
            </p>
            <div className="space-y-3">
              <p className="ms-auto w-fit max-w-[85%] rounded-2xl bg-white/10 px-4 py-2">{t('ai.q1')}</p>
              <p className="w-fit max-w-[85%] rounded-2xl bg-brand-600 px-4 py-2">{t('ai.a1')}</p>
              <p className="ms-auto w-fit max-w-[85%] rounded-2xl bg-white/10 px-4 py-2">{t('ai.q2')}</p>
              <p className="w-fit max-w-[85%] rounded-2xl bg-brand-600 px-4 py-2">{t('ai.a2')}</p>
            </div>
          </figure>
        </div>
      </section>

      <Suspense fallback={null}>
        <FeaturedProperties />
      </Suspense>
    </div>
  );
}
