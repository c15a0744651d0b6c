import { type TNewsCategory, ZNewsCategoryInput } from '@academy/contract';
import { ActionIcon, Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog, DeleteAction, EditAction, RowActions } from '../../components/management';
import { useAnnounceModal } from '../../lib/use-announce-modal';
import { useNewsCategories } from './api';
import { useDeleteNewsCategory, useSaveNewsCategory } from './manage-api';

/** Validates a category name with the contract's rule; answers the message or null. */
function nameError(name: string): string | null {
  const parsed = ZNewsCategoryInput.safeParse({ name });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/** The news categories: add, rename inline, delete (refused while news belong to one). */
export function CategoriesModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  useAnnounceModal(opened);
  const categories = useNewsCategories();
  const save = useSaveNewsCategory();
  const remove = useDeleteNewsCategory();
  const [newName, setNewName] = useState('');
  const [newError, setNewError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ id: number; name: string; error: string | null } | null>(null);
  const [toDelete, setToDelete] = useState<TNewsCategory | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  function add() {
    const problem = nameError(newName);
    if (problem) return setNewError(problem);
    save.mutate(
      { values: { name: newName.trim() } },
      {
        onSuccess: () => {
          setNewName('');
          setNewError(null);
        },
        onError: (error) => setNewError(error.message),
      },
    );
  }

  function rename() {
    if (!editing) return;
    const problem = nameError(editing.name);
    if (problem) return setEditing({ ...editing, error: problem });
    save.mutate(
      { id: editing.id, values: { name: editing.name.trim() } },
      {
        onSuccess: () => setEditing(null),
        onError: (error) => setEditing({ ...editing, error: error.message }),
      },
    );
  }

  return (
    <Modal opened={opened} onClose={onClose} title={t('newsAdmin.categories')} centered size="lg">
      <Stack gap="md" data-testid="categories-modal">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            label={t('newsAdmin.categoryName')}
            withAsterisk
            value={newName}
            error={newError}
            onChange={(event) => {
              setNewName(event.currentTarget.value);
              setNewError(null);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add();
              }
            }}
          />
          <Button mt={25} color="accent.6" onClick={add} loading={save.isPending && !editing}>
            {t('common.add')}
          </Button>
        </Group>
        {message && (
          <Alert color="red" withCloseButton onClose={() => setMessage(null)}>
            {message}
          </Alert>
        )}
        <Table striped verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('newsAdmin.categoryName')}</Table.Th>
              <Table.Th w={90}>{t('newsAdmin.newsCount')}</Table.Th>
              <Table.Th w={100} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(categories.data ?? []).map((category) => (
              <Table.Tr key={category.id}>
                <Table.Td>
                  {editing?.id === category.id ? (
                    <TextInput
                      size="xs"
                      value={editing.name}
                      error={editing.error}
                      aria-label={t('newsAdmin.categoryName')}
                      onChange={(event) =>
                        setEditing({ ...editing, name: event.currentTarget.value, error: null })
                      }
                      onKeyDown={(event) => {
                        if (event.key === 'Enter') rename();
                        if (event.key === 'Escape') setEditing(null);
                      }}
                      autoFocus
                    />
                  ) : (
                    <Text fz="sm">{category.name}</Text>
                  )}
                </Table.Td>
                <Table.Td>{category.newsCount}</Table.Td>
                <Table.Td>
                  <RowActions>
                    {editing?.id === category.id ? (
                      <>
                        <ActionIcon
                          variant="subtle"
                          color="green"
                          aria-label={t('common.save')}
                          onClick={rename}
                        >
                          <IconCheck size={18} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('common.cancel')}
                          onClick={() => setEditing(null)}
                        >
                          <IconX size={18} />
                        </ActionIcon>
                      </>
                    ) : (
                      <>
                        <EditAction
                          subject={category.name}
                          onClick={() => setEditing({ id: category.id, name: category.name, error: null })}
                        />
                        <DeleteAction subject={category.name} onClick={() => setToDelete(category)} />
                      </>
                    )}
                  </RowActions>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <ConfirmDeleteDialog
        opened={toDelete !== null}
        subject={toDelete?.name}
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (!toDelete) return;
          remove.mutate(toDelete.id, {
            onError: (error) => setMessage(error.message),
            onSettled: () => setToDelete(null),
          });
        }}
      />
    </Modal>
  );
}
