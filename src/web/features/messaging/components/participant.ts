/** Who the other side of a conversation is, and how to show them. */
import type { TFunction } from 'i18next';
import type { ConversationView, Participant } from '../../../../core/schemas/messaging';

export function otherParticipant(conversation: ConversationView, meId: string): Participant {
  return conversation.participant1Id === meId ? conversation.participant2 : conversation.participant1;
}

export function displayName(p: Participant, t: TFunction): string {
  if (p.isDeleted) return t('deletedUser', { ns: 'messaging' });
  return `${p.firstName} ${p.lastName}`.trim();
}
