ALTER TABLE "groups" ADD COLUMN "members_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every change of a group's members raises its version, in the same transaction: the group page
-- keeps the members list it built while the version it reads live is unchanged.
CREATE FUNCTION group_members_touch() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE groups SET members_version = members_version + 1 WHERE id = OLD.group_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.group_id <> OLD.group_id) THEN
    UPDATE groups SET members_version = members_version + 1 WHERE id = NEW.group_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER group_members_touch AFTER INSERT OR UPDATE OR DELETE ON group_members
  FOR EACH ROW EXECUTE FUNCTION group_members_touch();
