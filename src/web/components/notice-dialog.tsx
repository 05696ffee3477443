import type { ReactNode } from "react";
import { Button } from "./ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "./ui/dialog";

/**
 * Why an action cannot be done yet, said before the member tries (leaving as the only admin,
 * deleting a group during its round): Close, and the way forward when there is one.
 */
export function NoticeDialog({
  title,
  children,
  onClose,
  action,
}: {
  title: string;
  children: ReactNode;
  onClose: () => void;
  action?: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{children}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant={action ? "outline" : "default"} onClick={onClose}>
            Close
          </Button>
          {action}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
