-- staff.permissions is the union of the permissions of the member's live (not retired) roles. The guard
-- query of every /api request reads it with the staff row it already fetches: no extra lookup.
CREATE FUNCTION staff_permissions_of(uid uuid) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT rp.permission ORDER BY rp.permission), '{}')
  FROM staff_roles sr
  JOIN roles r ON r.id = sr.role_id AND r.retired_at IS NULL
  JOIN role_permissions rp ON rp.role_id = sr.role_id
  WHERE sr.user_id = uid
$$;--> statement-breakpoint
CREATE FUNCTION staff_permissions_refresh_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE staff SET permissions = staff_permissions_of(NEW.user_id) WHERE user_id = NEW.user_id;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    UPDATE staff SET permissions = staff_permissions_of(OLD.user_id) WHERE user_id = OLD.user_id;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER staff_permissions_refresh AFTER INSERT OR UPDATE OR DELETE ON "staff_roles"
  FOR EACH ROW EXECUTE FUNCTION staff_permissions_refresh_user();--> statement-breakpoint
CREATE FUNCTION staff_permissions_refresh_holders(rid uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE staff s SET permissions = staff_permissions_of(s.user_id)
  WHERE s.user_id IN (SELECT user_id FROM staff_roles WHERE role_id = rid)
$$;--> statement-breakpoint
CREATE FUNCTION staff_permissions_refresh_role_permission() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_permissions_refresh_holders(CASE WHEN TG_OP = 'DELETE' THEN OLD.role_id ELSE NEW.role_id END);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER staff_permissions_refresh AFTER INSERT OR DELETE ON "role_permissions"
  FOR EACH ROW EXECUTE FUNCTION staff_permissions_refresh_role_permission();--> statement-breakpoint
CREATE FUNCTION staff_permissions_refresh_role() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM staff_permissions_refresh_holders(NEW.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER staff_permissions_refresh AFTER UPDATE OF retired_at ON "roles"
  FOR EACH ROW EXECUTE FUNCTION staff_permissions_refresh_role();--> statement-breakpoint
UPDATE staff SET permissions = staff_permissions_of(user_id);
