/**
 * The columns of an inquiry as its card's owner and their team see it (one list for the
 * owner's inbox in inquiries/ and the brokerage's team leads in team/). Both queries join
 * `business_cards` on the inquiry's card, which gives `cardName`.
 */
import { businessCards, inquiries } from '../schema';

export const inquiryColumns = {
  id: inquiries.id,
  businessCardId: inquiries.businessCardId,
  cardName: businessCards.name,
  inquirerName: inquiries.inquirerName,
  inquirerEmail: inquiries.inquirerEmail,
  inquirerPhone: inquiries.inquirerPhone,
  inquirerCompany: inquiries.inquirerCompany,
  inquiryType: inquiries.inquiryType,
  message: inquiries.message,
  status: inquiries.status,
  source: inquiries.source,
  createdAt: inquiries.createdAt,
  updatedAt: inquiries.updatedAt,
};
