import { Building2, Mail, MapPin, Phone, Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { fullPhone } from '../../../../core/card-contact';
import { Avatar } from '../../../components/ui/avatar';
import { RoleBadge } from '../../../components/ui/role-badge';
import { type CardLike, useCardFacts } from './card-facts';
import { LicenseBadge } from './license-badge';

/** A compact business card: the live preview of the form and the admin's review preview. */
export function CardPreview({ card, role }: { card: CardLike; role: string | undefined }) {
  const { t } = useTranslation('cards');
  const facts = useCardFacts(card, role).filter((f) => !['brn', 'orn', 'practiceCard'].includes(f.key));
  const name = card.name?.trim() || t('preview.namePlaceholder');
  const bank = card.bankName ? t(`bank.${card.bankName}`, { ns: 'enums' }) : null;
  const company = card.company?.trim() || bank;
  const phone = fullPhone(card.phone, card.countryCode);
  const bio = card.professionalBio || card.description;
  return (
    <article
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
      data-testid="card-preview"
    >
      <div className="bg-gradient-to-br from-brand-800 to-brand-600 p-5 text-white">
        <div className="flex items-center gap-4">
          <Avatar
            src={card.profileImageUrl || card.user?.profileImageUrl}
            name={name}
            className="h-16 w-16 border-2 border-white/70 text-lg"
          />
          <div className="min-w-0">
            <p className="truncate text-lg font-bold" data-user>
              {name}
            </p>
            <p className="truncate text-sm text-brand-100">
              {card.profession?.trim() || t('preview.professionPlaceholder')}
            </p>
            {company && (
              <p className="mt-0.5 flex items-center gap-1 truncate text-xs text-brand-100">
                <Building2 className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                {company}
              </p>
            )}
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-2">
          {role && <RoleBadge role={role} />}
          {card.licenseVerified && (
            <LicenseBadge card={{ licenseVerified: true, brnNumber: card.brnNumber, ornNumber: card.ornNumber }} />
          )}
          {card.aiGenerated && (
            <span className="inline-flex items-center gap-1 rounded-full bg-white/15 px-2.5 py-0.5 text-xs font-semibold">
              <Sparkles className="h-3.5 w-3.5" aria-hidden="true" />
              {t('aiGenerated')}
            </span>
          )}
        </div>
      </div>
      <div className="space-y-3 p-5 text-sm">
        {(phone || card.email) && (
          <div className="space-y-1.5 text-slate-700">
            {phone && (
              <p className="flex items-center gap-2">
                <Phone className="h-4 w-4 text-brand-600" aria-hidden="true" />
                <span dir="ltr">{phone}</span>
              </p>
            )}
            {card.email && (
              <p className="flex items-center gap-2">
                <Mail className="h-4 w-4 text-brand-600" aria-hidden="true" />
                <span dir="ltr" className="truncate">
                  {card.email}
                </span>
              </p>
            )}
            {card.officeAddress && (
              <p className="flex items-center gap-2">
                <MapPin className="h-4 w-4 text-brand-600" aria-hidden="true" />
                <span className="truncate">{card.officeAddress}</span>
              </p>
            )}
          </div>
        )}
        {facts.length > 0 && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-xs">
            {facts.map((f) => (
              <div key={f.key} className="contents">
                <dt className="text-slate-500">{f.label}</dt>
                <dd className="text-slate-800">{f.value}</dd>
              </div>
            ))}
          </dl>
        )}
        {bio && <p className="line-clamp-5 whitespace-pre-line border-t border-slate-100 pt-3 text-slate-600">{bio}</p>}
      </div>
    </article>
  );
}
