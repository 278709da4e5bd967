import { Access } from '../accesses/access.entity';
import { Session } from '../auth/session.entity';
import { Configurator } from '../configurator/configurator.entity';
import { ContainerField } from '../containers/container-field.entity';
import { Container } from '../containers/container.entity';
import { ContentField } from '../contents/content-field.entity';
import { Content } from '../contents/content.entity';
import { Element } from '../elements/element.entity';
import { FormField } from '../forms/form-field.entity';
import { Form } from '../forms/form.entity';
import { MailOutbox } from '../mail/mail-outbox.entity';
import { MediaPack } from '../media-packs/media-pack.entity';
import { Media } from '../medias/media.entity';
import { Message } from '../messages/message.entity';
import { Metadata } from '../metadata/metadata.entity';
import { Redirect } from '../redirects/redirect.entity';
import { Right } from '../roles/right.entity';
import { Role } from '../roles/role.entity';
import { Section } from '../sections/section.entity';
import { Setting } from '../settings/setting.entity';
import { Slug } from '../slugs/slug.entity';
import { Login } from '../users/login.entity';
import { User } from '../users/user.entity';

/** Every entity of the spec (section 3); the data source and the migrations are built from this list. */
export const ENTITIES = [
  Access,
  Configurator,
  Container,
  ContainerField,
  Content,
  ContentField,
  Element,
  Form,
  FormField,
  Login,
  Media,
  MediaPack,
  Message,
  Metadata,
  Redirect,
  Right,
  Role,
  Section,
  Session,
  Setting,
  Slug,
  User,
  MailOutbox,
];
