/**
 * Role-specific parts of the card form: broker specialization; bank and loan
 * specialization; developer project types and portfolio; investor budget and interests; and the
 * licence numbers an admin checks (BRN/ORN for brokers, practice card for banking brokers).
 */
import { LockedField, useLockedValue } from './card-brand';
import { Controller } from 'react-hook-form';
import {
  BROKER_SPECIALIZATIONS,
  DEVELOPER_PROJECT_TYPES,
  INVESTMENT_INTERESTS,
  INVESTOR_BUDGETS,
  LOAN_SPECIALIZATIONS,
  UAE_BANKS,
} from '../../../../core/enums';
import { LIMITS } from '../../../../core/limits';
import { Field } from '../../../components/ui/field';
import { Input, Select } from '../../../components/ui/input';
import { type CardForm, Section, useFieldHelpers } from './card-form-sections';
import { CheckboxGroup } from './checkbox-group';
import { ListInput } from './list-input';
import { BilingualText } from './bilingual-fields';

function firstError(list: unknown): string | undefined {
  if (!list || typeof list !== 'object') return undefined;
  const own = (list as { message?: string }).message;
  if (own) return own;
  if (Array.isArray(list)) return list.find((e) => e?.message)?.message;
  return undefined;
}

function ServicesField({ form }: { form: CardForm }) {
  const { t } = useFieldHelpers(form);
  return (
    <BilingualText
      form={form}
      field="servicesOffered"
      label={t('fields.servicesOffered')}
      hint={t('hints.listComma')}
      control={{ kind: 'list' }}
    />
  );
}

function BrokerSection({ form }: { form: CardForm }) {
  const { t, zm, enumLabel, errors } = useFieldHelpers(form);
  return (
    <Section title={t('sections.broker')}>
      <Field label={t('fields.brokerSpecialization')} error={zm(errors.roleTitle?.message)}>
        <Select {...form.register('roleTitle')}>
          <option value="">{t('choose')}</option>
          {BROKER_SPECIALIZATIONS.map((s) => (
            <option key={s} value={s}>
              {enumLabel('brokerSpecialization', s)}
            </option>
          ))}
        </Select>
      </Field>
      <ServicesField form={form} />
    </Section>
  );
}

function BankingSection({ form }: { form: CardForm }) {
  const { t, zm, enumLabel, errors } = useFieldHelpers(form);
  return (
    <Section title={t('sections.banking')}>
      <Field label={t('fields.bankName')} error={zm(errors.bankName?.message)}>
        <Select {...form.register('bankName')}>
          <option value="">{t('choose')}</option>
          {UAE_BANKS.map((b) => (
            <option key={b} value={b}>
              {enumLabel('bank', b)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('fields.loanSpecialization')} error={zm(errors.roleTitle?.message)}>
        <Select {...form.register('roleTitle')}>
          <option value="">{t('choose')}</option>
          {LOAN_SPECIALIZATIONS.map((s) => (
            <option key={s} value={s}>
              {enumLabel('loanSpecialization', s)}
            </option>
          ))}
        </Select>
      </Field>
      <BilingualText
        form={form}
        field="financingSolutions"
        label={t('fields.financingSolutions')}
        max={LIMITS.longTextMax}
        control={{ kind: 'textarea', rows: 2 }}
      />
      <ServicesField form={form} />
    </Section>
  );
}

function DeveloperSection({ form }: { form: CardForm }) {
  const { t, zm, enumLabel, errors } = useFieldHelpers(form);
  return (
    <Section title={t('sections.developer')}>
      <Controller
        control={form.control}
        name="propertySpecialization"
        render={({ field }) => (
          <CheckboxGroup
            className="sm:col-span-2"
            name="propertySpecialization"
            legend={t('fields.projectTypes')}
            options={DEVELOPER_PROJECT_TYPES}
            value={field.value}
            onChange={field.onChange}
            label={(v) => enumLabel('developerProjectType', v)}
            error={zm(firstError(errors.propertySpecialization))}
          />
        )}
      />
      <Field
        label={t('fields.projectPortfolioLink')}
        error={zm(errors.projectPortfolioLink?.message)}
        hint={t('hints.link')}
        className="sm:col-span-2"
      >
        <Input type="url" dir="ltr" inputMode="url" placeholder="https://" {...form.register('projectPortfolioLink')} />
      </Field>
    </Section>
  );
}

function InvestorSection({ form }: { form: CardForm }) {
  const { t, zm, enumLabel, errors } = useFieldHelpers(form);
  return (
    <Section title={t('sections.investor')}>
      <Field label={t('fields.investmentBudgetRange')} error={zm(errors.investmentBudgetRange?.message)}>
        <Select {...form.register('investmentBudgetRange')}>
          <option value="">{t('choose')}</option>
          {INVESTOR_BUDGETS.map((b) => (
            <option key={b} value={b}>
              {enumLabel('investorBudget', b)}
            </option>
          ))}
        </Select>
      </Field>
      <Controller
        control={form.control}
        name="regionsOfInterest"
        render={({ field }) => (
          <Field
            label={t('fields.regionsOfInterest')}
            hint={t('hints.listComma')}
            error={zm(firstError(errors.regionsOfInterest))}
          >
            <ListInput value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
          </Field>
        )}
      />
      <Controller
        control={form.control}
        name="investmentInterests"
        render={({ field }) => (
          <CheckboxGroup
            className="sm:col-span-2"
            name="investmentInterests"
            legend={t('fields.investmentInterests')}
            options={INVESTMENT_INTERESTS}
            value={field.value}
            onChange={field.onChange}
            label={(v) => enumLabel('investmentInterest', v)}
            error={zm(firstError(errors.investmentInterests))}
          />
        )}
      />
      <BilingualText
        form={form}
        field="investmentProfile"
        label={t('fields.investmentProfile')}
        max={LIMITS.longTextMax}
        control={{ kind: 'textarea', rows: 2 }}
      />
    </Section>
  );
}

function LicenseSection({ form, role }: { form: CardForm; role: string }) {
  const { t, zm, errors } = useFieldHelpers(form);
  const lockedOrn = useLockedValue('ornNumber');
  return (
    <Section title={t('sections.license')}>
      {role === 'real_estate_broker' ? (
        <>
          <Field label={t('fields.brnNumber')} error={zm(errors.brnNumber?.message)} hint={t('hints.brn')}>
            <Input dir="ltr" inputMode="numeric" maxLength={10} {...form.register('brnNumber')} />
          </Field>
          {lockedOrn ? (
            <LockedField label={t('fields.ornNumber')} dir="ltr" {...lockedOrn} />
          ) : (
            <Field label={t('fields.ornNumber')} error={zm(errors.ornNumber?.message)} hint={t('hints.orn')}>
              <Input dir="ltr" inputMode="numeric" maxLength={10} {...form.register('ornNumber')} />
            </Field>
          )}
        </>
      ) : (
        <Field
          label={t('fields.practiceCardNumber')}
          error={zm(errors.practiceCardNumber?.message)}
          hint={t('hints.practiceCard')}
        >
          <Input dir="ltr" maxLength={30} {...form.register('practiceCardNumber')} />
        </Field>
      )}
    </Section>
  );
}

/** The sections that belong to the user's role; none for a user without a professional role. */
export function RoleSections({ form, role }: { form: CardForm; role: string }) {
  switch (role) {
    case 'real_estate_broker':
      return (
        <>
          <BrokerSection form={form} />
          <LicenseSection form={form} role={role} />
        </>
      );
    case 'banking_broker':
      return (
        <>
          <BankingSection form={form} />
          <LicenseSection form={form} role={role} />
        </>
      );
    case 'real_estate_developer':
      return <DeveloperSection form={form} />;
    case 'investor':
      return <InvestorSection form={form} />;
    default:
      return null;
  }
}
