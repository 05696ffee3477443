import { Plus } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { lazyDialog } from "../../../components/ui/lazy-dialog";

// The form, its library and its rules load when it first opens (or a few seconds after the list
// shows): on a phone they cost the list's first screen about a quarter of its start-up work.
const CreateGroupDialog = lazyDialog(async () => (await import("./create-group-dialog")).CreateGroupDialog);

/** The groups list's Create Group button and its dialog. */
export function CreateGroupButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Plus aria-hidden="true" /> Create Group
      </Button>
      <CreateGroupDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
