/** Who the other side of a conversation is, and how to show them. */
import type { TFunction } from 'i18next';
import type { ConversationView, Participant } from '../../../../core/schemas/messaging';

/** A small emoji per role next to the name. */
const ROLE_EMOJI: Record<string, string> = {
  real_estate_broker: '🏠',
  banking_broker: '🏦',
  real_estate_developer: '🏗️',
  investor: '💼',
  admin: '🛡️',
  visitor: '👤',
};

export function roleEmoji(role: string): string {
  return ROLE_EMOJI[role] ?? ROLE_EMOJI.visitor;
}

export function otherParticipant(conversation: ConversationView, meId: string): Participant {
  return conversation.participant1Id === meId ? conversation.participant2 : conversation.participant1;
}

export function displayName(p: Participant, t: TFunction): string {
  if (p.isDeleted) return t('deletedUser', { ns: 'messaging' });
  return `${p.firstName} ${p.lastName}`.trim();
}
