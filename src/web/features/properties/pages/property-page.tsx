import { propertyText } from '../../../../core/property-text';
import { telLink } from '../../../../core/card-contact';
/**
 * /properties/{id}: the photo gallery, every field, the advertising permit (number, authority,
 * expiry) with the lister's BRN and brokerage ORN, and contact buttons (Message, WhatsApp, Call)
 * to the listing's owner. The owner also sees the review state and can edit or delete.
 */
import {
  ArrowLeft,
  Ban,
  Check,
  ChevronLeft,
  ChevronRight,
  Eye,
  MapPin,
  MessageCircle,
  Pencil,
  Phone,
  ImageDown,
  Share2,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { RevisionStatus } from '../../../components/revision-status';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { EmptyState, PageSpinner, Spinner } from '../../../components/ui/feedback';
import { RoleBadge } from '../../../components/ui/role-badge';
import { toast } from '../../../components/ui/toast';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/use-auth';
import { useStartConversation } from '../../../lib/use-start-conversation';
import { useApproveProperty } from '../api/use-admin-properties';
import { useProperty } from '../api/use-properties';
import { useDeleteProperty } from '../api/use-save-property';
import { ApprovalBadge } from '../components/approval-badge';
import { FeatureList, PropertyFacts, PropertyPrice, PropertyStatusBadge } from '../../../components/property-card';
import { placeLabel, whatsappNumber } from '../../../lib/labels';
import { formatDay, PermitDetails } from '../components/permit-details';
import { formatPriceAed } from '../../../../core/format';
import { PermitQr } from '../components/permit-qr';

/**
 * Sharing a listing on show: a WhatsApp message with the page's link, whose preview is the listing's
 * wide share picture (the page's og:image), and the share pictures themselves for posts and statuses.
 */
function ShareListing({ id, title, price, withQr }: { id: string; title: string; price: number; withQr: boolean }) {
  const { t, i18n } = useTranslation('discovery');
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const url = `${window.location.origin}/properties/${id}`;
  const amount = formatPriceAed(price, { locale: lang, style: 'full' });
  const message = t('detail.share.whatsappText', { title, price: amount, url, interpolation: { escapeValue: false } });
  const picture = (format: 'square' | 'wide') => `/api/properties/${id}/share.png?format=${format}&lang=${lang}`;
  return (
    <Card className="p-5" data-testid="share-listing">
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('detail.share.title')}</h2>
      <Button asChild variant="outline" className="mt-3 w-full">
        <a href={`https://wa.me/?text=${encodeURIComponent(message)}`} target="_blank" rel="noopener noreferrer">
          <Share2 className="h-4 w-4" aria-hidden="true" />
          {t('detail.share.whatsapp')}
        </a>
      </Button>
      <p className="mt-3 text-sm text-slate-600">
        {t(withQr ? 'detail.share.pictures' : 'detail.share.picturesPlain')}
      </p>
      <ul className="mt-2 grid gap-1 text-sm">
        {(['square', 'wide'] as const).map((format) => (
          <li key={format}>
            <a
              className="inline-flex min-h-9 items-center gap-1.5 text-teal-800 underline"
              href={picture(format)}
              download
            >
              <ImageDown className="h-4 w-4" aria-hidden="true" />
              {t(`detail.share.${format}`)}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Gallery({ urls, title }: { urls: string[]; title: string }) {
  const { t } = useTranslation('discovery');
  const [index, setIndex] = useState(0);
  if (urls.length === 0) return <div className="aspect-[3/2] rounded-2xl bg-slate-100" />;
  const go = (d: number) => setIndex((i) => (i + d + urls.length) % urls.length);
  return (
    <div>
      <div className="relative overflow-hidden rounded-2xl bg-slate-100">
        <img
          src={urls[index]}
          alt={t('detail.photoAlt', { title, n: index + 1, total: urls.length })}
          className="aspect-[3/2] w-full object-cover"
        />
        {urls.length > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              className="absolute start-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white"
              aria-label={t('detail.previousPhoto')}
            >
              <ChevronLeft className="h-5 w-5 rtl-flip" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              className="absolute end-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 shadow hover:bg-white"
              aria-label={t('detail.nextPhoto')}
            >
              <ChevronRight className="h-5 w-5 rtl-flip" aria-hidden="true" />
            </button>
            <span className="absolute bottom-3 end-3 rounded-full bg-black/60 px-2 py-0.5 text-xs text-white" dir="ltr">
              {index + 1} / {urls.length}
            </span>
          </>
        )}
      </div>
      {urls.length > 1 && (
        <ul className="mt-2 flex gap-2 overflow-x-auto" aria-label={t('detail.thumbnails')}>
          {urls.map((u, i) => (
            <li key={u}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t('detail.showPhoto', { n: i + 1 })}
                aria-current={i === index}
                className={`block h-16 w-24 overflow-hidden rounded-lg ring-2 ${i === index ? 'ring-brand-600' : 'ring-transparent'}`}
              >
                <img src={u} alt="" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** An admin reviewing a pending listing approves it from its page, told the outcome by a toast. */
function AdminApprove({ id, title, version }: { id: string; title: string; version: number }) {
  const { t } = useTranslation('discovery');
  const approve = useApproveProperty();
  return (
    <Button
      size="sm"
      disabled={approve.isPending}
      aria-label={t('admin.approveAria', { title })}
      onClick={() =>
        approve.mutate(
          { id, version },
          {
            onSuccess: () => toast({ title: t('admin.successTitle'), description: t('admin.approved') }),
            onError: (error) =>
              error instanceof ApiError && error.status === 409
                ? toast({
                    title: t('revision.changed', { ns: 'common' }),
                    description: t('revision.changedText', { ns: 'common' }),
                    variant: 'destructive',
                  })
                : toast({ title: t('errorTitle'), description: t('admin.approveFailed'), variant: 'destructive' }),
          },
        )
      }
    >
      <Check className="h-4 w-4" aria-hidden="true" />
      {t('admin.approve')}
    </Button>
  );
}

export function PropertyPage() {
  const { id } = useParams();
  const { t, i18n } = useTranslation('discovery');
  const { user } = useAuth();
  const navigate = useNavigate();
  const q = useProperty(id);
  const del = useDeleteProperty();
  const { startConversation, pendingId, isSelf } = useStartConversation();
  const [confirm, setConfirm] = useState(false);

  if (q.isLoading) return <PageSpinner />;
  if (q.isError || !q.data) {
    const missing = q.error instanceof ApiError && (q.error.status === 404 || q.error.status === 400);
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <EmptyState title={missing ? t('detail.notFound') : t('properties.fetchFailed')}>
          <p>{missing ? t('detail.notFoundText') : ''}</p>
          <Button asChild className="mt-4">
            <Link to="/properties">{t('detail.backToList')}</Link>
          </Button>
        </EmptyState>
      </div>
    );
  }
  const p = q.data;
  const own = isSelf(p.userId);
  const wa = whatsappNumber(p.contact.phone);
  const place = placeLabel(t, i18n.language, p.location, p.city);
  const text = propertyText(p, i18n.language);
  // A sold or let unit, or one whose permit expired (the server's day decides), says so first and
  // is not passed on: no link goes out with a WhatsApp message.
  const closed = p.offMarket !== null;
  const date = (day: string) => formatDay(day, i18n.language);
  const waText = encodeURIComponent(t('detail.whatsappText', { title: text.title, url: window.location.href }));
  const waHref = closed ? `https://wa.me/${wa}` : `https://wa.me/${wa}?text=${waText}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Button asChild variant="ghost" size="sm" className="-ms-3">
        <Link to="/properties">
          <ArrowLeft className="h-4 w-4 rtl-flip" aria-hidden="true" />
          {t('detail.backToList')}
        </Link>
      </Button>

      {(own || user?.role === 'admin') && p.approvalStatus !== 'approved' && (
        <div
          className={`mt-3 flex flex-wrap items-center gap-3 rounded-xl p-4 text-sm ${p.approvalStatus === 'rejected' ? 'bg-red-50 text-red-800' : 'bg-amber-50 text-amber-900'}`}
          role="status"
        >
          <div className="flex-1">
            <p className="font-semibold">{t(`approval.${p.approvalStatus}Note`)}</p>
            {p.rejectionReason && <p className="mt-1">{t('approval.reason', { reason: p.rejectionReason })}</p>}
          </div>
          {user?.role === 'admin' && <AdminApprove id={p.id} title={p.title} version={p.version} />}
        </div>
      )}

      {closed && (
        <div
          className="mt-3 flex items-start gap-3 rounded-xl border border-slate-300 bg-slate-100 p-4 text-slate-800"
          role="status"
          data-testid="listing-closed"
        >
          <Ban className="mt-0.5 h-5 w-5 shrink-0 text-slate-600" aria-hidden="true" />
          <div>
            {p.offMarket === 'permit_expired' ? (
              <>
                <p className="font-semibold">
                  {t('detail.closed.permitExpired', { date: date(p.permitExpiresOn ?? '') })}
                </p>
                <p className="mt-1 text-sm">
                  {own ? t('detail.closed.permitOwnerText') : t('detail.closed.permitExpiredText')}
                </p>
              </>
            ) : (
              <>
                <p className="font-semibold">{t(`detail.closed.${p.status === 'sold' ? 'sold' : 'rented'}`)}</p>
                <p className="mt-1 text-sm">
                  {own
                    ? t('detail.closed.ownerText')
                    : t(`detail.closed.${p.status === 'sold' ? 'soldText' : 'rentedText'}`)}
                </p>
              </>
            )}
          </div>
        </div>
      )}

      {own && p.isApproved && (
        <div className="mt-3 empty:hidden">
          <RevisionStatus kind="listing" item={{ ...p, published: true }} />
        </div>
      )}

      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Gallery urls={p.imageUrls} title={p.title} />
          <div className="mt-6 flex flex-wrap items-center gap-2">
            <PropertyStatusBadge status={p.status} />
            <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              {t(`propertyType.${p.propertyType}`, { ns: 'enums' })}
            </span>
            {(own || user?.role === 'admin') && <ApprovalBadge status={p.approvalStatus} />}
          </div>
          <h1 className="mt-3 text-3xl font-bold text-slate-900" dir="auto">
            {text.title}
          </h1>
          {place && (
            <p className="mt-2 flex items-center gap-1.5 text-slate-600">
              <MapPin className="h-4 w-4" aria-hidden="true" />
              {place}
              {p.address && (
                <span className="text-slate-600">
                  · <bdi data-user>{p.address}</bdi>
                </span>
              )}
            </p>
          )}
          <PropertyPrice
            price={p.price}
            status={p.status}
            className={`mt-4 text-3xl ${closed ? 'text-slate-500 line-through decoration-2' : ''}`}
            full
          />
          <PropertyFacts p={p} className="mt-4 text-base" />
          {text.description && (
            <section className="mt-6" aria-labelledby="about-title">
              <h2 id="about-title" className="text-lg font-semibold">
                {t('detail.about')}
              </h2>
              <p className="mt-2 whitespace-pre-line text-slate-700" dir="auto">
                {text.description}
              </p>
            </section>
          )}
          {text.features.length > 0 && (
            <section className="mt-6" aria-labelledby="features-title">
              <h2 id="features-title" className="text-lg font-semibold">
                {t('property.features')}
              </h2>
              <div className="mt-2">
                <FeatureList features={text.features} max={text.features.length} />
              </div>
            </section>
          )}
          <PermitDetails p={p} date={date} own={own} />
          {p.permitNumber && p.permitQrLink && (
            <div className="mt-4">
              <PermitQr link={p.permitQrLink} permitNumber={p.permitNumber} />
            </div>
          )}
        </div>

        <aside className="space-y-4">
          <Card className="p-5">
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{t('detail.listedBy')}</h2>
            <div className="mt-3 flex items-center gap-3">
              <Avatar src={p.profileImageUrl} name={p.agentName} className="h-12 w-12" />
              <div>
                <p className="font-semibold text-slate-900" data-user>
                  {p.agentName}
                </p>
                <RoleBadge role={p.owner.role} short />
              </div>
            </div>
            <div className="mt-4 grid gap-2">
              <Button onClick={() => startConversation(p.userId)} disabled={own || pendingId === p.userId}>
                {pendingId === p.userId ? (
                  <Spinner className="text-white" />
                ) : (
                  <MessageCircle className="h-4 w-4" aria-hidden="true" />
                )}
                {t('card.message')}
              </Button>
              {wa && (
                <Button asChild variant="outline">
                  <a href={waHref} target="_blank" rel="noopener noreferrer">
                    <Phone className="h-4 w-4" aria-hidden="true" />
                    {t('card.whatsapp')}
                  </a>
                </Button>
              )}
              {p.contact.phone && (
                <Button asChild variant="outline">
                  <a href={telLink(p.contact.phone, null) ?? undefined}>
                    <Phone className="h-4 w-4" aria-hidden="true" />
                    {t('detail.call')} <span dir="ltr">{p.contact.phone}</span>
                  </a>
                </Button>
              )}
              {p.contact.cardId && (
                <Button asChild variant="secondary">
                  <Link to={`/cards/${p.contact.cardId}`}>
                    <Eye className="h-4 w-4" aria-hidden="true" />
                    {t('detail.viewCard')}
                  </Link>
                </Button>
              )}
            </div>
          </Card>
          {p.isApproved && !closed && (
            <ShareListing id={p.id} title={text.title} price={p.price} withQr={!!p.permitQrLink} />
          )}
          {own && (
            <Card className="grid gap-2 p-5">
              <Button asChild variant="outline">
                <Link to={`/properties/${p.id}/edit`}>
                  <Pencil className="h-4 w-4" aria-hidden="true" />
                  {t('detail.edit')}
                </Link>
              </Button>
              <Button variant="destructive" onClick={() => setConfirm(true)}>
                <Trash2 className="h-4 w-4" aria-hidden="true" />
                {t('detail.delete')}
              </Button>
            </Card>
          )}
        </aside>
      </div>

      <Dialog open={confirm} onOpenChange={setConfirm}>
        <DialogContent title={t('detail.deleteTitle')} description={t('detail.deleteText')}>
          <div className="mt-4 flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirm(false)}>
              {t('detail.cancel')}
            </Button>
            <Button
              variant="destructive"
              disabled={del.isPending}
              onClick={() =>
                del.mutate(p.id, {
                  onSuccess: () => {
                    toast({ title: t('detail.deleted') });
                    navigate('/profile?tab=listings');
                  },
                  onError: () =>
                    toast({ title: t('errorTitle'), description: t('detail.deleteFailed'), variant: 'destructive' }),
                })
              }
            >
              {t('detail.delete')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
