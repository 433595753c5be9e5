import type { i18n as I18n } from 'i18next';
import type { PublicUser } from '../../core/schemas/auth';
import { languageChosenHere } from '../i18n';
import { apiRequest } from './api';

/**
 * At sign-in: a language picked on this device wins and is saved to the account;
 * otherwise the account's saved language applies, so an Arabic user on a new phone reads Arabic.
 */
export function adoptAccountLanguage(user: Pick<PublicUser, 'preferredLanguage'>, i18n: I18n): void {
  if (languageChosenHere()) {
    if (user.preferredLanguage !== i18n.language)
      void apiRequest('PATCH', '/api/auth/preferences', { preferredLanguage: i18n.language }).catch(() => undefined);
    return;
  }
  if ((user.preferredLanguage === 'ar' || user.preferredLanguage === 'en') && user.preferredLanguage !== i18n.language)
    void i18n.changeLanguage(user.preferredLanguage);
}
