-- Issue 11 finding 4: images come only from our uploads or generated avatars. Links saved before
-- the rule (external tracking pixels, same-site actions such as /api/logout) are dropped; the card
-- then shows its generated avatar.
UPDATE "business_cards" SET "profile_image_url" = NULL
  WHERE "profile_image_url" IS NOT NULL
    AND "profile_image_url" !~ '^/api/(uploads/[a-f0-9]{32,64}\.webp|avatars/[A-Za-z0-9._~%-]+\.svg)$';
--> statement-breakpoint
UPDATE "users" SET "profile_image_url" = NULL
  WHERE "profile_image_url" IS NOT NULL
    AND "profile_image_url" !~ '^/api/(uploads/[a-f0-9]{32,64}\.webp|avatars/[A-Za-z0-9._~%-]+\.svg)$';
--> statement-breakpoint
UPDATE "business_services" SET "image_url" = NULL
  WHERE "image_url" IS NOT NULL AND "image_url" !~ '^/api/uploads/[a-f0-9]{32,64}\.webp$';
