import { Menu } from '@mantine/core';
import { Link } from 'react-router';
import { NewsLinkButton, useNewsLink } from './NewsMenu';

/** The services dropdown under "News" (loaded lazily by `NewsMenu`). */
export default function NewsDropdownMenu(props: { opened: boolean; onChange: (opened: boolean) => void }) {
  const { services, to } = useNewsLink();
  return (
    <Menu trigger="hover" openDelay={50} closeDelay={150} position="bottom-start" shadow="md" {...props}>
      <Menu.Target>
        <NewsLinkButton to={to} />
      </Menu.Target>
      <Menu.Dropdown>
        {services.map((service) => (
          <Menu.Item key={service.id} component={Link} to={`/news?service=${service.id}`}>
            {service.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
