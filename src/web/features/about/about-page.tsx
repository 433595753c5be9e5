import { Bot, Globe, Mail, MapPin, Phone, Search, ShieldCheck, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { COMPANY } from '../../../core/limits';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ROLE_OFFERINGS } from '../../lib/role-offerings';

export function AboutPage() {
  const { t } = useTranslation('about');
  const { t: tr } = useTranslation('roles');
  const features = [
    { icon: Bot, key: 'cards' },
    { icon: Search, key: 'directory' },
    { icon: ShieldCheck, key: 'secure' },
    { icon: MapPin, key: 'dubai' },
  ] as const;
  return (
    <div>
      <section className="bg-brand-800 py-16 text-center text-white">
        <div className="mx-auto max-w-3xl px-4">
          <h1 className="text-4xl font-bold">{t('hero.title')}</h1>
          <p className="mt-4 text-lg text-brand-100">{t('hero.subtitle')}</p>
        </div>
      </section>
      <section
        className="mx-auto grid grid-cols-1 max-w-7xl gap-5 px-4 py-14 sm:grid-cols-2 lg:grid-cols-4"
        aria-label={t('featuresAria')}
      >
        {features.map(({ icon: Icon, key }) => (
          <Card key={key}>
            <CardContent className="space-y-2 p-6">
              <Icon className="h-8 w-8 text-brand-600" aria-hidden="true" />
              <h2 className="font-semibold">{t(`features.${key}.title`)}</h2>
              <p className="text-sm text-slate-600">{t(`features.${key}.text`)}</p>
            </CardContent>
          </Card>
        ))}
      </section>
      <section id="roles" className="bg-white py-14" aria-labelledby="about-roles">
        <div className="mx-auto max-w-7xl px-4">
          <h2 id="about-roles" className="text-center text-3xl font-bold text-brand-800">
            {t('roles.title')}
          </h2>
          <div className="mt-8 grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {ROLE_OFFERINGS.map((r) => (
              <div key={r.id} className="rounded-2xl border border-slate-200 p-5">
                <h3 className="font-semibold">{tr(`${r.id}.title`)}</h3>
                <p className="mt-1 text-sm text-slate-600">{tr(`${r.id}.description`)}</p>
                <p className="mt-3 text-xl font-bold text-brand-800">
                  {r.isFree ? tr('free') : tr('pricePerYear', { price: r.price })}
                </p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-4xl px-4 py-14" aria-labelledby="why-us">
        <h2 id="why-us" className="text-3xl font-bold text-brand-800">
          {t('why.title')}
        </h2>
        <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="flex gap-3">
              <Sparkles className="mt-1 h-5 w-5 shrink-0 text-gold-500" aria-hidden="true" />
              <span className="text-slate-700">{t(`why.items.${i}`)}</span>
            </li>
          ))}
        </ul>
      </section>
      <section id="contact" className="bg-brand-50 py-14" aria-labelledby="contact-title">
        <div className="mx-auto max-w-4xl px-4">
          <h2 id="contact-title" className="text-3xl font-bold text-brand-800">
            {t('contact.title')}
          </h2>
          <ul className="mt-6 space-y-3 text-slate-700">
            <li className="flex items-center gap-3">
              <MapPin className="h-5 w-5 text-brand-600" aria-hidden="true" /> {t('contact.address')}
            </li>
            <li className="flex items-center gap-3">
              <Phone className="h-5 w-5 text-brand-600" aria-hidden="true" />{' '}
              <a dir="ltr" href={`tel:${COMPANY.phone.replace(/\s/g, '')}`} className="hover:underline">
                {COMPANY.phone}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Mail className="h-5 w-5 text-brand-600" aria-hidden="true" />{' '}
              <a href={`mailto:${COMPANY.email}`} className="hover:underline">
                {COMPANY.email}
              </a>
            </li>
            <li className="flex items-center gap-3">
              <Globe className="h-5 w-5 text-brand-600" aria-hidden="true" /> <span dir="ltr">{COMPANY.website}</span>
            </li>
          </ul>
          <Button asChild className="mt-6">
            <a href={COMPANY.website} target="_blank" rel="noopener noreferrer">
              {t('contact.launch')}
            </a>
          </Button>
        </div>
      </section>
    </div>
  );
}
