/**
 * The QR code and vCard of a card, made once per card version. Drawing the QR PNG costs
 * tens of milliseconds of CPU and both answers change only with the card, so each is kept in a
 * small in-process LRU keyed by the card's version, and answered with an ETag of that version: a
 * client that sends it back in If-None-Match gets 304 without a body. A changed card has a new
 * key, so an old entry is never served; it just ages out. The visibility check still runs on
 * every request (a hidden card answers 404, cached or not).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { BusinessCard } from '../../db/schema';

type Versioned = Pick<BusinessCard, 'id' | 'version'> & { updatedAt: Date | string };

/** The version of a card's content that its downloads are made from. */
export function cardVersionTag(card: Versioned): string {
  return `${card.id}-${card.version}-${new Date(card.updatedAt).getTime().toString(36)}`;
}

/** The (strong) ETag of one download (a kind and its variant, e.g. "qr-png-300") of one card version. */
export function downloadEtag(kind: string, card: Versioned): string {
  return `"${kind}-${cardVersionTag(card)}"`;
}

/** True when the client already holds this ETag (If-None-Match, lists and `*` included). */
export function clientHas(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header
    .split(',')
    .map((s) => s.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/** Sets the ETag; answers 304 and returns true when the client's copy is current. */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header('ETag', etag);
  if (!clientHas(request, etag)) return false;
  reply.status(304).send();
  return true;
}

/** An LRU of made downloads, by card version; `make` runs once per key even when asked concurrently. */
export function downloadCache<T extends {}>(max = 2000) {
  const cache = new LRUCache<string, T>({ max });
  const pending = new Map<string, Promise<T>>();
  return {
    async get(key: string, make: () => T | Promise<T>): Promise<T> {
      const hit = cache.get(key);
      if (hit !== undefined) return hit;
      const running = pending.get(key);
      if (running) return running;
      const p = Promise.resolve()
        .then(make)
        .then((value) => {
          cache.set(key, value);
          return value;
        })
        .finally(() => pending.delete(key));
      pending.set(key, p);
      return p;
    },
    /** Whether `key` is made already (or being made): asking for it costs no rendering. */
    has(key: string): boolean {
      return cache.has(key) || pending.has(key);
    },
    get size() {
      return cache.size;
    },
  };
}
